import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort, ROOT, stopProcess } from './product';
import type { Server } from './releases';
import { scratchDir } from './releases';

/** Debian's nginx (`apt-get install -y nginx`; .ci/run installs it like Chromium). */
export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

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
}

export interface Nginx extends Server {
  dir: string;
  /** nginx's error log so far (for assertions and failures). */
  errors(): string;
}

/**
 * Runs one of the project's own nginx configurations with the real nginx binary, the way its Docker image does:
 * the entrypoint scripts write their includes under conf.d/, the template is filled like envsubst fills it, and
 * nginx runs in the foreground with a prefix of its own (paths, pid, temp folders) on a free port.
 */
export async function startNginx(options: NginxOptions & { port?: number }): Promise<Nginx> {
  if (!existsSync(NGINX)) throw new Error(`nginx is not installed at ${NGINX} (apt-get install -y nginx; see .ci/run)`);
  const dir = scratchDir('nginx');
  const confD = join(dir, 'conf.d');
  mkdirSync(confD, { recursive: true });
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    mkdirSync(join(dir, 'tmp', temp), { recursive: true });
  const port = options.port ?? (await freePort());
  const vars: Record<string, string> = { NGINX_LISTEN: `127.0.0.1:${port}`, ...options.vars };
  const env = {
    ...process.env,
    ...options.env,
    SECURITY_HEADERS_OUT: join(confD, 'security-headers.inc'),
    BFF_UPSTREAM_OUT: join(confD, 'bff-upstream.inc'),
  };
  for (const script of options.scripts) {
    const run = spawnSync('sh', [join(ROOT, 'docker/nginx', script)], { env, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`${script} failed: ${run.stderr}`);
  }
  for (const include of options.includes ?? []) {
    writeFileSync(join(confD, include), readFileSync(join(ROOT, 'docker/nginx', include)));
  }
  // envsubst with the image's filter: only the listed variables are replaced (nginx's own $vars stay).
  const template = readFileSync(join(ROOT, 'docker/nginx', options.template), 'utf8');
  const rendered = template.replace(/\$\{([A-Z0-9_]+)\}/g, (_whole, name: string) => {
    if (!(name in vars)) throw new Error(`${options.template} needs ${name}`);
    return vars[name]!;
  });
  writeFileSync(join(confD, 'default.conf'), rendered);
  const runningAsRoot = process.getuid?.() === 0;
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      // As root (CI), workers keep root's rights so they can read the test's 0700 temporary folders.
      runningAsRoot ? 'user root;' : '',
      'worker_processes 1;',
      `error_log ${join(dir, 'error.log')} warn;`,
      `pid ${join(dir, 'nginx.pid')};`,
      'events { worker_connections 2048; }',
      'http {',
      '  include /etc/nginx/mime.types;',
      '  default_type application/octet-stream;',
      '  access_log off;',
      '  sendfile on;',
      '  keepalive_timeout 65;',
      ...['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
        (t) => `  ${t === 'body' ? 'client_body' : t}_temp_path ${join(dir, 'tmp', t)};`,
      ),
      `  include ${join(confD, 'default.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  const test = spawnSync(NGINX, ['-t', '-p', dir, '-c', join(dir, 'nginx.conf')], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx -t failed for ${options.template}:\n${test.stderr}`);
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${readLog(dir)}`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(1000) });
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`nginx did not answer: ${readLog(dir)}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return { url, port, dir, stop: () => stopProcess(child), errors: () => readLog(dir) };
}

function readLog(dir: string): string {
  const log = join(dir, 'error.log');
  return existsSync(log) ? readFileSync(log, 'utf8') : '';
}
