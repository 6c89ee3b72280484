import './runtime-flags';
import { ConfigError, loadConfig } from './config/app-config';
import { once } from 'node:events';
import { createBff } from './bootstrap';
import { answerClientErrors } from './common/client-errors';
import { endEventStreams } from './data-versions/data-versions.controller';

/** How long a stopping process lets the requests it has finish before it closes what is left. */
const DRAIN_MS = 10_000;

/**
 * The deployed BFF (this entry: `npm start`, the images) keeps its API description to signed-in admins unless
 * API_DOCS=public says otherwise: the docs map every endpoint and field for anyone probing the site. Tests that boot
 * the app directly keep the configuration's own default.
 */
function withPrivateApiDocs(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return env.API_DOCS?.trim() ? env : { ...env, API_DOCS: 'admin' };
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(withPrivateApiDocs(process.env));
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(78); // EX_CONFIG
    }
    throw error;
  }
  const bff = await createBff(config);
  await bff.app.listen(config.port, config.host);
  // Longer than the proxies' idle keep-alive (gateway 30 s, nginx 60 s): a proxy never sends a request on a
  // connection this server is closing.
  const server = bff.app.getHttpServer() as import('node:http').Server;
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  answerClientErrors(server);
  const address = bff.app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  process.stdout.write(
    `BFF listening on http://127.0.0.1:${port}/backend/api (${config.databaseUrl ? 'PostgreSQL' : 'embedded PGlite'})\n`,
  );
  // Stopping (a deploy, a scale-down: SIGTERM): take no new connections (a proxy in front sends them to another
  // instance), close the idle keep-alive ones, end the event streams, let the requests in hand finish (answers
  // complete, downloads counted once), then close the database and the workers.
  let stopping = false;
  // Once stopping, every answer closes its connection: a proxy's keep-alive connections end with the request they
  // carry instead of bringing more.
  server.on('request', (_req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => {
    if (stopping && !res.headersSent) res.setHeader('Connection', 'close');
  });
  const stop = async () => {
    stopping = true;
    const closed = once(server, 'close');
    server.close();
    server.closeIdleConnections();
    endEventStreams();
    await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, DRAIN_MS).unref())]);
    server.closeAllConnections();
    await bff.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void stop());
  process.once('SIGINT', () => void stop());
}

main().catch((error: unknown) => {
  process.stderr.write(`BFF failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
