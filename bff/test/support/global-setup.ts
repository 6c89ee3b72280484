import { writeDemoDocuments } from '../../src/seed/write-demo-documents';
import { pgliteTemplate, postgresTemplate } from './database-templates';

/**
 * Runs once per integration project before its test files: makes (or finds) the migrated template its files copy.
 * The answer reaches the test files through the environment (they run in this process or in workers started after).
 */
export default async function globalSetup(
  _global: unknown,
  project: { globals: Record<string, unknown> },
): Promise<void> {
  // Tests that seed the demo content read its PDFs, which the build makes.
  await writeDemoDocuments();
  if (project.globals.DB_TARGET === 'postgres') {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (!adminUrl) throw new Error('TEST_DATABASE_URL is required for the postgres project');
    process.env.PPL_TEST_POSTGRES_TEMPLATE = await postgresTemplate(adminUrl);
  } else {
    process.env.PPL_TEST_PGLITE_TEMPLATE = await pgliteTemplate();
  }
}
