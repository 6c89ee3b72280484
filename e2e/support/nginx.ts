import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, ROOT, stopProcess } from './product';
import { scratchDir, type Server } from './releases';

export interface NginxOptions {
  /** A template of docker/nginx/ (frontend.conf.template, edge.conf.template). */
  template: string;
  /** The variables the image's envsubst step fills (NGINX_ENVSUBST_FILTER in the Dockerfile). */
  vars: Record<string, string>;
  /** The environment of the image's entrypoint scripts (30-security-headers.sh, 35-bff-upstream.sh, ...). */
  env: Record<string, string>;
  /** Entrypoint scripts of docker/nginx/ to run, in order, as the image does before nginx starts. */
  scripts: string[];
  /** Static includes the Dockerfile copies into conf.d/. */
  includes?: string[];
  port?: number;
}

export interface Nginx extends Server {
  dir: string;
  /** nginx's error log so far (for assertions and failures). */
  errors(): string;
}

/** One of the project's own nginx configurations, run with the real nginx binary (scripts/nginx-local.mjs). */
export async function startNginx(options: NginxOptions): Promise<Nginx> {
  const dir = scratchDir('nginx');
  const port = options.port ?? (await freePort());
  const args = [
    join(ROOT, 'scripts/nginx-local.mjs'),
    '--template',
    options.template,
    '--port',
    String(port),
    '--dir',
    dir,
    ...Object.entries(options.vars).flatMap(([k, v]) => ['--var', `${k}=${v}`]),
    ...Object.entries(options.env).flatMap(([k, v]) => ['--env', `${k}=${v}`]),
    ...options.scripts.flatMap((s) => ['--script', s]),
    ...(options.includes ?? []).flatMap((i) => ['--include', i]),
  ];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise<void>((ready, fail) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('nginx-local ready')) ready();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => fail(new Error(`nginx-local exited (${code}): ${output}`)));
  });
  const errors = () => (existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '');
  // Stopping removes its folder (configuration, logs, temporary files): nothing of a test run stays behind.
  const stop = async () => {
    await stopProcess(child);
    rmSync(dir, { recursive: true, force: true });
  };
  return { url: `http://127.0.0.1:${port}`, port, dir, stop, errors };
}
