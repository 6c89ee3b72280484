import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../support/product';

/** Every file under `dir`, relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1));
}

/**
 * What `npm start` must not hand an outsider: the API description (a map of every endpoint and field) unless
 * API_DOCS=public says so, and the front ends' source maps (the original source of the shell and both remotes, the
 * admin console's included). The maps are written beside each build (`<dist>-sourcemaps/`), never into what is served.
 */
describe('what is not public (npm start)', () => {
  const baseUrl = process.env.PPL_E2E_BASE_URL!;

  it('keeps the API docs (UI and JSON) to signed-in admins', async () => {
    for (const path of ['/backend/api/docs', '/backend/api/docs/', '/backend/api/docs-json']) {
      const answer = await fetch(`${baseUrl}${path}`, { redirect: 'manual' });
      const body = await answer.text();
      expect([path, answer.status]).toEqual([path, 401]);
      expect(body).not.toContain('swagger');
      expect(body).not.toContain('openapi');
    }
  });

  it('serves no source map of the shell or either remote, and no script points at one', async () => {
    const units = [
      { dir: 'shell/dist', url: '' },
      { dir: 'public-site/dist', url: '/remotes/public-site' },
      { dir: 'admin-console/dist', url: '/remotes/admin-console' },
    ];
    let scripts = 0;
    for (const unit of units) {
      const files = filesUnder(join(ROOT, unit.dir));
      expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
      for (const file of files.filter((f) => f.endsWith('.js') && !f.startsWith('server/')).slice(0, 12)) {
        const script = await fetch(`${baseUrl}${unit.url}/${file}`);
        expect([file, script.status]).toEqual([file, 200]);
        expect(await script.text()).not.toMatch(/[#@] sourceMappingURL=\S+\.map\s*$/);
        // Asked for directly, by the name the build gives it, its map is not there.
        const map = await fetch(`${baseUrl}${unit.url}/${file}.map`);
        await map.arrayBuffer();
        expect([`${file}.map`, map.status]).toEqual([`${file}.map`, 404]);
        scripts++;
      }
    }
    expect(scripts).toBeGreaterThan(10);
  });
});
