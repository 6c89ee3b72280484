import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { ROOT } from '../../support/product';

/**
 * Issue 6: there is no Docker engine on these machines, so the deploy files are checked by reading: the compose
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
}

const compose = parse(readFileSync(join(DOCKER, 'compose.yaml'), 'utf8')) as {
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
  it('compose wires PostgreSQL and the four units on the split-mode ports, with volumes for data and uploads', () => {
    const { services } = compose;
    expect(Object.keys(services).sort()).toEqual(['admin-console', 'bff', 'postgres', 'public-site', 'shell']);
    expect(services.postgres!.image).toMatch(/^postgres:/);
    expect(services.shell!.ports).toEqual(['3000:80']);
    expect(services.bff!.ports).toEqual(['3001:3001']);
    expect(services['public-site']!.ports).toEqual(['3002:80']);
    expect(services['admin-console']!.ports).toEqual(['3003:80']);
    expect(services.bff!.environment!.DATABASE_URL).toMatch(/^postgres:\/\/\w+:\w+@postgres:5432\//);
    expect(Object.keys(compose.volumes).sort()).toEqual(['bffdata', 'pgdata', 'uploads']);
    // The shell's remotes config points at what the browser can reach: the remotes' published ports.
    expect(services.shell!.environment!.PUBLIC_SITE_MANIFEST_URL).toBe('http://localhost:3002/mf-manifest.json');
    expect(services.shell!.environment!.ADMIN_CONSOLE_MANIFEST_URL).toBe('http://localhost:3003/mf-manifest.json');
    for (const unit of ['shell', 'public-site', 'admin-console']) {
      expect(services[unit]!.environment!.BFF_UPSTREAM).toBe('http://bff:3001');
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
    for (const unit of ['bff', 'shell', 'public-site', 'admin-console']) {
      const nodeStages = readFileSync(join(DOCKER, `${unit}.Dockerfile`), 'utf8').match(/^FROM node:\S+/gm) ?? [];
      expect(nodeStages.length).toBeGreaterThan(0);
      for (const stage of nodeStages) expect(stage).toMatch(/^FROM node:24-/);
    }
    for (const unit of ['shell', 'public-site', 'admin-console']) {
      const text = readFileSync(join(DOCKER, `${unit}.Dockerfile`), 'utf8');
      expect(text).toMatch(/^FROM nginx:/m);
      expect(text).toContain('COPY docker/nginx/frontend.conf.template /etc/nginx/templates/default.conf.template');
      expect(text).toContain(`COPY --from=build /repo/${unit}/dist /usr/share/nginx/html`);
      expect(text).toContain(unit === 'shell' ? 'WRITE_REMOTES_JSON=true' : 'WRITE_REMOTES_JSON=false');
    }
  });

  it('nginx follows the split-mode rules: API proxied, fixed names no-cache, hashed chunks immutable', () => {
    const conf = readFileSync(join(DOCKER, 'nginx/frontend.conf.template'), 'utf8');
    expect(conf).toMatch(/location \/backend\/api\/ \{\s*proxy_pass \$\{BFF_UPSTREAM\};/);
    // Every fixed (unhashed) name a release replaces in place must always be revalidated.
    const noCache = /location ~ \^\/\(([^)]*)\)\$ \{\s*add_header Cache-Control "no-cache" always;/.exec(conf);
    expect(noCache).not.toBeNull();
    expect(noCache?.[1]?.split('|').sort()).toEqual(FIXED_NAMES.map(escapeDots).sort());
    expect(conf).toMatch(
      /\\\.\[0-9a-f\]\{8\}\\\.\(js\|css[^"]*" \{\s*add_header Cache-Control "public, max-age=31536000, immutable" always;/,
    );
    expect(conf).toMatch(/try_files \$uri \/index\.html;/);
    // The same numbers as scripts/gateway.mjs, which the release tests run for real.
    const gateway = readFileSync(join(ROOT, 'scripts/gateway.mjs'), 'utf8');
    expect(gateway).toContain("'public, max-age=31536000, immutable'");
    const gatewayNoCache = /NO_CACHE =\s*\/\(\^\|\\\/\)\(([^)]*)\)\$\//.exec(gateway);
    expect(gatewayNoCache?.[1]?.split('|').sort()).toEqual(FIXED_NAMES.map(escapeDots).sort());
  });

  it('the shell writes remotes.json from the environment at start', () => {
    const script = readFileSync(join(DOCKER, 'nginx/40-remotes-json.sh'), 'utf8');
    expect(script).toContain('PUBLIC_SITE_MANIFEST_URL');
    expect(script).toContain('ADMIN_CONSOLE_MANIFEST_URL');
    expect(script).toContain('/usr/share/nginx/html/remotes.json');
  });
});
