import { seedBffTemplate } from './releases';

/** The release run's seeded BFF data folder, copied by each file's BFF (support/releases.ts, startBff). */
export default async function releaseSetup(): Promise<void> {
  await seedBffTemplate();
}
