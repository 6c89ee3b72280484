import { startTestBff, type TestBff } from './support/test-bff';

/**
 * The entities and the migrations describe one schema: after every migration has run, TypeORM finds nothing to
 * change (what `npm run migration:generate` would write is empty). A column, index, foreign key or check added on
 * one side only fails here.
 */
describe('schema', () => {
  let bff: TestBff;
  beforeAll(async () => {
    bff = await startTestBff();
  });
  afterAll(() => bff.close());

  it('has nothing to generate: entities and migrations agree', async () => {
    const pending = await bff.db.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((query) => query.query)).toEqual([]);
  });

  it('has run every migration', async () => {
    expect(await bff.db.showMigrations()).toBe(false);
  });
});
