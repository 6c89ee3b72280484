import { removeBffTemplate } from './releases';

/** Removes the release run's seeded BFF data folder. */
export default function releaseTeardown(): void {
  removeBffTemplate();
}
