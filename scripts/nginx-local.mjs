#!/usr/bin/env node
// @ts-check
// Runs one of the project's own nginx configurations (docker/nginx/*.template) with the real nginx binary, the way
// its Docker image does: the entrypoint scripts write their includes under conf.d/, the template is filled as the
// image's envsubst step fills it (only the variables given), and nginx runs in the foreground with a prefix of its
// own (paths, pid, temp folders). Used by the topology test (e2e/tests/releases/nginx-topology.test.ts) and the bench
// (bench/topology.mjs). Needs Debian's nginx (`apt-get install -y nginx`; NGINX_PATH to use another).
//
//   node scripts/nginx-local.mjs --template edge.conf.template --port 8080 --dir /tmp/x \
//     --var RENDERER_UPSTREAM=127.0.0.1:3000 ... --env BFF_UPSTREAMS=127.0.0.1:3001 ... \
//     --script 30-security-headers.sh --script 35-bff-upstream.sh --include renderer-proxy.inc
//
// Prints `nginx-local ready <dir>` once nginx answers; stops nginx on SIGTERM/SIGINT; exits with it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
const DOCKER_NGINX = join(dirname(fileURLToPath(import.meta.url)), '..', 'docker', 'nginx');
const TEMPS = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'];

const { values } = parseArgs({
  options: {
    template: { type: 'string' },
    port: { type: 'string' },
    dir: { type: 'string' },
    var: { type: 'string', multiple: true, default: [] },
    env: { type: 'string', multiple: true, default: [] },
    script: { type: 'string', multiple: true, default: [] },
    include: { type: 'string', multiple: true, default: [] },
  },
});
/** @param {string[] | undefined} pairs */
const pairsOf = (pairs) =>
  Object.fromEntries(
    (pairs ?? []).map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );

if (!values.template || !values.port) {
  console.error('nginx-local: --template and --port are required');
  process.exit(64);
}
if (!existsSync(NGINX)) {
  console.error(`nginx-local: nginx is not installed at ${NGINX} (apt-get install -y nginx)`);
  process.exit(69);
}
const dir = resolve(values.dir ?? mkdtempSync(join(tmpdir(), 'ppl-nginx-')));
const confD = join(dir, 'conf.d');
mkdirSync(confD, { recursive: true });
for (const temp of TEMPS) mkdirSync(join(dir, 'tmp', temp), { recursive: true });

const vars = { NGINX_LISTEN: `127.0.0.1:${values.port}`, ...pairsOf(values.var) };
const env = {
  ...process.env,
  ...pairsOf(values.env),
  SECURITY_HEADERS_OUT: join(confD, 'security-headers.inc'),
  BFF_UPSTREAM_OUT: join(confD, 'bff-upstream.inc'),
};
for (const script of values.script ?? []) {
  const run = spawnSync('sh', [join(DOCKER_NGINX, script)], { env, encoding: 'utf8' });
  if (run.status !== 0) {
    console.error(`nginx-local: ${script} failed: ${run.stderr}`);
    process.exit(1);
  }
}
for (const include of values.include ?? [])
  writeFileSync(join(confD, include), readFileSync(join(DOCKER_NGINX, include)));
// envsubst with the image's filter: only the given variables; nginx's own $variables stay as they are.
const template = readFileSync(join(DOCKER_NGINX, values.template), 'utf8');
const missing = new Set();
const rendered = template.replace(/\$\{([A-Z0-9_]+)\}/g, (_whole, /** @type {string} */ name) => {
  if (!(name in vars)) missing.add(name);
  return /** @type {Record<string, string>} */ (vars)[name] ?? '';
});
if (missing.size > 0) {
  console.error(`nginx-local: ${values.template} needs ${[...missing].join(', ')}`);
  process.exit(64);
}
writeFileSync(join(confD, 'default.conf'), rendered);
writeFileSync(
  join(dir, 'nginx.conf'),
  [
    // As root (CI), workers keep root's rights so that they can read the callers' 0700 temporary folders.
    process.getuid?.() === 0 ? 'user root;' : '',
    'worker_processes 1;',
    `error_log ${join(dir, 'error.log')} warn;`,
    `pid ${join(dir, 'nginx.pid')};`,
    'events { worker_connections 4096; }',
    'http {',
    '  include /etc/nginx/mime.types;',
    '  default_type application/octet-stream;',
    '  access_log off;',
    '  sendfile on;',
    '  keepalive_timeout 65;',
    ...TEMPS.map((t) => `  ${t}_temp_path ${join(dir, 'tmp', t)};`),
    `  include ${join(confD, 'default.conf')};`,
    '}',
    '',
  ].join('\n'),
);
const check = spawnSync(NGINX, ['-t', '-q', '-p', dir, '-c', join(dir, 'nginx.conf')], { encoding: 'utf8' });
if (check.status !== 0) {
  console.error(`nginx-local: nginx -t failed for ${values.template}:\n${check.stderr}`);
  process.exit(1);
}
const nginx = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: 'inherit' });
nginx.on('exit', (code) => process.exit(code ?? 0));
for (const signal of /** @type {const} */ (['SIGTERM', 'SIGINT'])) process.on(signal, () => nginx.kill('SIGQUIT'));
const url = `http://127.0.0.1:${values.port}/`;
for (const deadline = Date.now() + 10_000; ;) {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1000) });
    break;
  } catch {
    if (Date.now() > deadline) {
      console.error(`nginx-local: nginx did not answer on ${url}`);
      nginx.kill('SIGKILL');
      process.exit(1);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
console.log(`nginx-local ready ${dir}`);
