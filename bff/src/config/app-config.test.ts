import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './app-config';

describe('loadConfig', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'ppl-config-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('applies defaults: port 3001, embedded database, uploads under DATA_DIR, demo content on', () => {
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3001);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.uploadDir).toBe(join(dir, 'uploads'));
    expect(config.seedDemo).toBe(true);
  });

  it('generates a JWT secret once and persists it under DATA_DIR', () => {
    const first = loadConfig({ DATA_DIR: dir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, 'jwt-secret'), 'utf8').trim()).toBe(first.jwtSecret);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first.jwtSecret);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be a whole number between 0 and 65535'],
    [{ PORT: '70000' }, 'PORT must be a whole number between 0 and 65535'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must be a postgres:// or postgresql:// URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET must be at least 32 characters long'],
    [{ ADMIN_EMAIL: 'not-an-email' }, 'ADMIN_EMAIL must be a valid email address'],
    [{ ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD must be at least 8 characters long'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO must be true or false'],
  ])('rejects %j with a clear message', (env, message) => {
    let error: unknown;
    try {
      loadConfig({ DATA_DIR: dir, ...env });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems).toContain(message);
  });

  it('reads SEED_DEMO=false', () => {
    expect(loadConfig({ DATA_DIR: dir, SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });
});
