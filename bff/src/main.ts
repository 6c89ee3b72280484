import './runtime-flags';
import { ConfigError, loadConfig } from './config/app-config';
import { createBff } from './bootstrap';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env);
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
  const address = bff.app.getHttpServer().address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  process.stdout.write(
    `BFF listening on http://127.0.0.1:${port}/backend/api (${config.databaseUrl ? 'PostgreSQL' : 'embedded PGlite'})\n`,
  );
  const stop = async () => {
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
