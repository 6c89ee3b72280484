import { rmSync } from 'node:fs';

/** Removes the release run's seeded BFF data folder. */
export default function releaseTeardown(): void {
  const template = process.env.PPL_RELEASE_BFF_TEMPLATE;
  if (template) rmSync(template, { recursive: true, force: true });
}
