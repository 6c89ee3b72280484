import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

/**
 * The data source the TypeORM CLI uses (`npm run migration:generate|run|revert -w @ppl/bff`), built from the same
 * entity and migration lists as the application. It needs DATABASE_URL: the running product migrates itself at
 * start-up, so these scripts are for writing migrations against a database of your own.
 */
const url = process.env.DATABASE_URL;
if (!url) {
  throw new Error('Set DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/ppl_dev) to run migration scripts');
}

export default new DataSource({
  type: 'postgres',
  url,
  entities: ENTITIES,
  migrations: MIGRATIONS,
  migrationsTransactionMode: 'each',
});
