import '../runtime-flags';
import { existsSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/app-config';
import { embeddedSocket, embeddedUrl, startEmbeddedPostgres, socketFolder } from '../database/embedded-postgres';
import { createStorageBackend } from '../storage/file-storage.service';
import { backup, restore } from './backup';

/** Whether something answers on the embedded database's socket (the product is running). */
const listening = (socket: string) =>
  new Promise<boolean>((resolvePromise) => {
    if (!existsSync(socket)) return resolvePromise(false);
    const probe = createConnection(socket, () => {
      probe.destroy();
      resolvePromise(true);
    });
    probe.once('error', () => resolvePromise(false));
  });

/**
 * `npm run backup [-- --out FILE]`: one archive of the database and the uploads, while the product runs or not.
 * `npm run restore -- FILE`: brings an archive back (the product stopped). The same environment as the BFF
 * (DATABASE_URL, or the embedded database in DATA_DIR; UPLOAD_DIR, or the bucket of STORAGE=s3: its objects are
 * streamed into the archive, and a restore uploads them back).
 */
async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { out: { type: 'string' } },
  });
  const [command, archive] = positionals;
  const config = loadConfig(process.env);
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');

  let databaseUrl = config.databaseUrl;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!databaseUrl) {
    const running = await listening(embeddedSocket(config.dataDir));
    if (running && command === 'restore') throw new Error('Stop the product before restoring a backup.');
    if (running) databaseUrl = embeddedUrl(socketFolder(config.dataDir));
    else {
      const embedded = await startEmbeddedPostgres(config.dataDir);
      databaseUrl = embedded.url;
      stopEmbedded = () => embedded.stop();
    }
  }
  const storage = createStorageBackend(config);
  // Files in a bucket are streamed through the archive; files on this disk are hard-linked into it.
  const bucket = storage.kind === 's3' ? storage : undefined;
  try {
    if (command === 'backup') {
      const out = resolve(values.out ?? join(process.cwd(), 'backups', `ppl-backup-${stamp}.tar.gz`));
      const manifest = await backup({ databaseUrl, uploadDir: config.uploadDir, out, bucket });
      const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
      process.stdout.write(`Backup written: ${out} (${rows} rows, ${manifest.files} files)\n`);
    } else if (command === 'restore' && archive) {
      const manifest = await restore({ databaseUrl, uploadDir: config.uploadDir, archive: resolve(archive), bucket });
      process.stdout.write(`Restored the backup of ${manifest.createdAt} (${manifest.files} files)\n`);
    } else {
      process.stderr.write('Usage: backup [--out FILE] | restore FILE\n');
      process.exitCode = 64;
    }
  } finally {
    bucket?.close();
    await stopEmbedded?.();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
