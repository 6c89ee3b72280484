import { existsSync } from 'node:fs';
import { createConnection } from 'node:net';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config/app-config';
import { embeddedSocket, embeddedUrl, socketFolder, startEmbeddedPostgres } from '../database/embedded-postgres';
import { copyUploadsToBucket, describeReport } from './copy-to-s3';
import { S3Backend } from './s3-backend';

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

const USAGE = 'Usage: copy-to-s3 [--verify-only]';

/**
 * `npm run storage:copy-to-s3 -w @ppl/bff [-- --verify-only]`: copies the local upload folder (UPLOAD_DIR) into the
 * bucket named by S3_BUCKET (S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE)
 * and reads every file back to verify its SHA-256; the exit code is 1 on any mismatch or missing file. The same
 * environment as the BFF (DATABASE_URL, or the embedded database in DATA_DIR), whatever STORAGE says: run it before
 * switching to STORAGE=s3, and again (it only copies what is not there yet) right before the switch.
 */
export async function copyToS3Command(
  argv: string[],
  env: NodeJS.ProcessEnv,
  print: (line: string) => void,
): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { 'verify-only': { type: 'boolean' } },
  });
  if (positionals.length > 0 && positionals[0] !== 'copy-to-s3') {
    print(USAGE);
    return 64;
  }
  const config = loadConfig(env);
  if (!config.storage.s3) {
    print(
      'Set S3_BUCKET (and S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY) to the bucket to copy into.',
    );
    return 64;
  }
  let databaseUrl = config.databaseUrl;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!databaseUrl) {
    if (await listening(embeddedSocket(config.dataDir))) databaseUrl = embeddedUrl(socketFolder(config.dataDir));
    else {
      const embedded = await startEmbeddedPostgres(config.dataDir);
      databaseUrl = embedded.url;
      stopEmbedded = () => embedded.stop();
    }
  }
  const bucket = new S3Backend(config.storage.s3, (failure) =>
    print(`The bucket refused ${failure.operation} ${failure.key ?? ''}: ${failure.error} ${failure.status ?? ''}`),
  );
  const verifyOnly = values['verify-only'] === true;
  try {
    let shown = 0;
    const report = await copyUploadsToBucket({
      databaseUrl,
      uploadDir: config.uploadDir,
      bucket,
      verifyOnly,
      progress: (done, total) => {
        if (done === total || Date.now() - shown > 5000) {
          shown = Date.now();
          print(`${done} / ${total}`);
        }
      },
    });
    const { lines, ok } = describeReport(report, verifyOnly);
    lines.forEach((line) => print(line));
    return ok ? 0 : 1;
  } finally {
    bucket.close();
    await stopEmbedded?.();
  }
}
