import '../runtime-flags';
import { copyToS3Command } from './copy-to-s3.command';

/** `npm run storage:copy-to-s3 -w @ppl/bff [-- --verify-only]` (copy-to-s3.command.ts). */
copyToS3Command(process.argv.slice(2), process.env, (line) => process.stdout.write(`${line}\n`)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
