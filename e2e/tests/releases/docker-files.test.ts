import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { ROOT } from '../../support/product';

/**
 * There is no Docker engine on these machines, so the deploy files are checked by reading: the compose
 * file parses and wires every unit; every path a Dockerfile copies exists; the nginx rules are the ones split mode
 * proves (same ports, same proxy rule, same cache headers).
 */
const DOCKER = join(ROOT, 'docker');
/** The unhashed names a release overwrites in place (see docs/releasing.md). */
const FIXED_NAMES = [
  'index.html',
  'remoteEntry.js',
  'federation-runtime.js',
  'mf-manifest.json',
  'mf-stats.json',
  'remotes.json',
];
const escapeDots = (name: string): string => name.replaceAll('.', '\\.');

interface ComposeService {
  build?: { context: string; dockerfile: string };
  image?: string;
  ports?: string[];
  environment?: Record<string, string>;
  depends_on?: string[] | Record<string, unknown>;
  volumes?: string[];
}

const compose = parse(readFileSync(join(DOCKER, 'compose.yaml'), 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
};

/** COPY sources of the build-context kind (not --from=stage), per Dockerfile. */
function copySources(dockerfile: string): string[] {
  const text = readFileSync(dockerfile, 'utf8').replace(/\\\n/g, ' ');
  const sources: string[] = [];
  for (const line of text.split('\n').map((l) => l.trim())) {
    const copy = /^COPY (?!--from)(.+)$/.exec(line);
    if (!copy) continue;
    const parts = copy[1]!.split(/\s+/).filter((p) => !p.startsWith('--'));
    sources.push(...parts.slice(0, -1));
  }
  return sources;
}

describe('docker files', () => {
  it('compose runs the production topology: nginx in front of two BFF replicas, the renderer, the remotes, PostgreSQL', () => {
    const { services } = compose;
    expect(Object.keys(services).sort()).toEqual([
      'admin-console',
      'bff-1',
      'bff-2',
      'minio',
      'postgres',
      'public-site',
      'renderer',
      'shell',
    ]);
    expect(services.postgres!.image).toMatch(/^postgres:/);
    expect(services.shell!.ports).toEqual(['3000:80']);
    for (const replica of ['bff-1', 'bff-2']) {
      const bff = services[replica]!;
      // The BFFs are reached only through nginx, which they trust by configuration.
      expect(bff.ports).toBeUndefined();
      expect(bff.environment!.TRUST_PROXY).toBe('uniquelocal');
      expect(bff.environment!.DATABASE_URL).toMatch(/^postgres:\/\/\w+:\w+@postgres:5432\//);
      // Nginx sends the files the BFF counted, from the volume both share.
      expect(bff.environment!.FILE_DELIVERY).toBe('x-accel');
      expect(bff.volumes).toEqual(['bffdata:/data', 'uploads:/uploads']);
    }
    // The second replica starts once the first has migrated the database.
    expect(services['bff-2']!.depends_on).toEqual({ 'bff-1': { condition: 'service_healthy' } });
    expect(services.shell!.environment!.BFF_UPSTREAMS).toBe('bff-1:3001,bff-2:3001');
    expect(services.shell!.environment!.RENDERER_UPSTREAM).toBe('renderer:3000');
    expect(services.shell!.volumes).toEqual(['uploads:/srv/uploads:ro']);
    expect(services.renderer!.ports).toBeUndefined();
    expect(services.renderer!.environment!.BFF_URL).toBe('http://shell:8081');
    expect(services['public-site']!.ports).toEqual(['3002:80']);
    expect(services['admin-console']!.ports).toEqual(['3003:80']);
    expect(Object.keys(compose.volumes).sort()).toEqual(['bffdata', 'objects', 'pgdata', 'uploads']);
    // The shell's remotes config points at what the browser can reach: the remotes' published ports.
    expect(services.shell!.environment!.PUBLIC_SITE_MANIFEST_URL).toBe('http://localhost:3002/mf-manifest.json');
    expect(services.shell!.environment!.ADMIN_CONSOLE_MANIFEST_URL).toBe('http://localhost:3003/mf-manifest.json');
    for (const unit of ['public-site', 'admin-console']) {
      expect(services[unit]!.environment!.BFF_UPSTREAM).toBe('http://shell:8081');
    }
  });

  it('every Dockerfile the compose file builds exists, with the repository root as context', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      if (!service.build) continue;
      expect({ name, context: service.build.context }).toEqual({ name, context: '..' });
      expect(existsSync(join(DOCKER, service.build.context, service.build.dockerfile))).toBe(true);
    }
  });

  it.each(readdirSync(DOCKER).filter((f) => f.endsWith('.Dockerfile')))('%s copies only paths that exist', (file) => {
    const sources = copySources(join(DOCKER, file));
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) {
      expect({ file, source, exists: existsSync(join(ROOT, source)) }).toEqual({ file, source, exists: true });
    }
  });

  it('every image builds and runs on the current Node LTS (24); the front ends run nginx with the shared template', () => {
    for (const unit of ['bff', 'renderer', 'shell', 'public-site', 'admin-console']) {
      const nodeStages = readFileSync(join(DOCKER, `${unit}.Dockerfile`), 'utf8').match(/^FROM node:\S+/gm) ?? [];
      expect(nodeStages.length).toBeGreaterThan(0);
      for (const stage of nodeStages) expect(stage).toMatch(/^FROM node:24-/);
    }
    for (const unit of ['shell', 'public-site', 'admin-console']) {
      const text = readFileSync(join(DOCKER, `${unit}.Dockerfile`), 'utf8');
      expect(text).toMatch(/^FROM nginx:/m);
      const template = unit === 'shell' ? 'edge.conf.template' : 'frontend.conf.template';
      expect(text).toContain(`COPY docker/nginx/${template} /etc/nginx/templates/default.conf.template`);
      expect(text).toContain(`COPY --from=build /repo/${unit}/dist /usr/share/nginx/html`);
      expect(text).toContain(unit === 'shell' ? 'WRITE_REMOTES_JSON=true' : 'WRITE_REMOTES_JSON=false');
    }
  });

  it('nginx follows the split-mode rules: API proxied, fixed names no-cache, hashed chunks immutable', () => {
    const conf = readFileSync(join(DOCKER, 'nginx/frontend.conf.template'), 'utf8');
    const edge = readFileSync(join(DOCKER, 'nginx/edge.conf.template'), 'utf8');
    // `^~`: the API wins over the asset rules (a path such as /backend/api/past_papers.php ends like a file).
    expect(conf).toMatch(/location \^~ \/backend\/api\/ \{\s*proxy_pass \$\{BFF_UPSTREAM\};/);
    expect(edge).toMatch(/location \^~ \/backend\/api\/ \{\s*proxy_pass http:\/\/ppl_bff;/);
    for (const template of [conf, edge]) {
      // Every fixed (unhashed) name a release replaces in place must always be revalidated.
      const noCache = /location ~ \^\/\(([^)]*)\)\$ \{\s*add_header Cache-Control "no-cache" always;/.exec(template);
      expect(noCache).not.toBeNull();
      expect(noCache?.[1]?.split('|').sort()).toEqual(FIXED_NAMES.map(escapeDots).sort());
      expect(template).toMatch(
        /\\\.\[0-9a-f\]\{8\}\\\.\(js\|css[^"]*" \{\s*add_header Cache-Control "public, max-age=31536000, immutable" always;/,
      );
    }
    expect(conf).toMatch(/try_files \$uri \/index\.html;/);
    // Downloads the BFF counted are sent by nginx from an internal location only.
    expect(edge).toMatch(/location \^~ \$\{X_ACCEL_PREFIX\} \{\s*internal;\s*alias \$\{UPLOADS_ROOT\}\/;/);
    // The same numbers as scripts/gateway.mjs, which the release tests run for real.
    const gateway = readFileSync(join(ROOT, 'scripts/gateway.mjs'), 'utf8');
    expect(gateway).toContain("'public, max-age=31536000, immutable'");
    const gatewayNoCache = /NO_CACHE =\s*\/\(\^\|\\\/\)\(([^)]*)\)\$\//.exec(gateway);
    expect(gatewayNoCache?.[1]?.split('|').sort()).toEqual(FIXED_NAMES.map(escapeDots).sort());
  });

  it("nginx sends the gateway's security headers: the start script writes the same CSP, frame denial and policies", () => {
    // The gateway's module is ESM: ask a node process for its headers.
    const securityHeaders = (origins: string[]): Record<string, string> => {
      const script = `import(${JSON.stringify(join(ROOT, 'scripts/security-headers.mjs'))}).then((m) => console.log(JSON.stringify(m.securityHeaders(${JSON.stringify(origins)}))))`;
      const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
      return JSON.parse(run.stdout) as Record<string, string>;
    };
    const dir = mkdtempSync(join(tmpdir(), 'ppl-nginx-headers-'));
    try {
      const render = (env: Record<string, string>) => {
        const out = join(dir, 'headers.inc');
        const run = spawnSync('sh', [join(DOCKER, 'nginx/30-security-headers.sh')], {
          env: { PATH: process.env.PATH ?? '', SECURITY_HEADERS_OUT: out, ...env },
          encoding: 'utf8',
        });
        expect(run.status).toBe(0);
        const headers: Record<string, string> = {};
        for (const line of readFileSync(out, 'utf8').trim().split('\n')) {
          const m = /^add_header ([\w-]+) "?(.*?)"? always;$/.exec(line);
          if (m) headers[m[1]!] = m[2]!;
        }
        return headers;
      };
      const shellHeaders = render({
        WRITE_REMOTES_JSON: 'true',
        PUBLIC_SITE_MANIFEST_URL: 'https://public.example.org/mf-manifest.json',
        ADMIN_CONSOLE_MANIFEST_URL: 'https://admin.example.org:8443/v2/mf-manifest.json',
      });
      const { 'Strict-Transport-Security': hsts, ...rest } = shellHeaders;
      expect(rest).toEqual(securityHeaders(['https://public.example.org', 'https://admin.example.org:8443']));
      expect(hsts).toBe('$ppl_hsts');
      const { 'Strict-Transport-Security': _h, ...remote } = render({ WRITE_REMOTES_JSON: 'false' });
      expect(remote).toEqual(securityHeaders([]));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // Every location that sets its own headers includes them again (nginx does not inherit add_header there), except
    // the BFF's answers (the API, and the files it sends through X-Accel-Redirect): they carry the BFF's own headers,
    // once each, and never the pages' policy (nginx-topology.test.ts counts them).
    const bffAnswers = /^\^~ (\/backend\/api\/|\$\{X_ACCEL_PREFIX\}) \{/;
    for (const template of ['frontend.conf.template', 'edge.conf.template', 'renderer-proxy.inc']) {
      const conf = readFileSync(join(DOCKER, 'nginx', template), 'utf8');
      const locations = conf.split(/\n\s*location /).slice(1);
      for (const block of locations) {
        if (bffAnswers.test(block)) expect(block).not.toContain('include conf.d/security-headers.inc;');
        else if (block.includes('add_header')) expect(block).toContain('include conf.d/security-headers.inc;');
      }
    }
    for (const unit of ['shell', 'public-site', 'admin-console']) {
      expect(readFileSync(join(DOCKER, `${unit}.Dockerfile`), 'utf8')).toContain(
        'COPY docker/nginx/30-security-headers.sh /docker-entrypoint.d/30-security-headers.sh',
      );
    }
  });

  it('the shell writes remotes.json from the environment at start', () => {
    const script = readFileSync(join(DOCKER, 'nginx/40-remotes-json.sh'), 'utf8');
    expect(script).toContain('PUBLIC_SITE_MANIFEST_URL');
    expect(script).toContain('ADMIN_CONSOLE_MANIFEST_URL');
    expect(script).toContain('${NGINX_ROOT:-/usr/share/nginx/html}/remotes.json');
  });
});
