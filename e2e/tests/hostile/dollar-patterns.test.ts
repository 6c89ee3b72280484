import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { adminApi, adminSession, type AdminSession } from '../../support/admin';
import { samplePdf } from '../../support/files';
import { ROOT } from '../../support/product';
import { asVisitor } from '../../support/traffic';

/**
 * Replacement patterns of String.prototype.replace: in a replacement string `` $` `` is everything before the match,
 * `$'` everything after it, `$&` the match, `$$` one `$`, `$1` and `$<name>` groups. Shown text that reaches the page
 * through a replacement string would be expanded: a page many times its size, extra `#root` elements.
 */
const PATTERNS = ['$`', "$'", '$&', '$$', '$1', '$<name>'];
const DOLLARS = `Fees: US$<10 ${PATTERNS.join(' ')} ${PATTERNS.join('')}`;
/** The same length in plain letters: the page size a field of that length should give. */
const PLAIN = DOLLARS.replace(/[^ ]/g, 'x');
/** Visitor numbers of this file only (render budgets are per address). */
const VISITORS = 2500;

/** scripts/ssr.mjs is ESM: a node process assembles the page. */
function assemblePage(shell: string, head: string, root: string): string {
  const script = `import(${JSON.stringify(join(ROOT, 'scripts/ssr.mjs'))}).then((m) => process.stdout.write(m.assemblePage(...${JSON.stringify([shell, head, root])})))`;
  const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return run.stdout;
}

/** The text a browser would read from the HTML (entities decoded, tags left in place). */
const decoded = (html: string) =>
  html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&');

describe('page assembly keeps `$` patterns literal', () => {
  it('puts every pattern into the head and the root as written', () => {
    const shell =
      '<html><head><title>Shell</title></head><body><div id="root"></div><script src="/main.js"></script></body></html>';
    for (const pattern of PATTERNS) {
      const head = `<title>${pattern}</title>`;
      const root = `<div id="root">${pattern}</div>`;
      expect(assemblePage(shell, head, root)).toBe(
        `<html><head>${head}</head><body>${root}<script src="/main.js"></script></body></html>`,
      );
    }
  });
});

describe('`$` patterns in admin-editable fields and queries (npm start)', () => {
  const baseUrl = process.env.PPL_E2E_BASE_URL!;
  let admin: AdminSession;
  let settingsBefore: Record<string, unknown>;
  let subjectId = 0;
  let faqId = 0;
  let paperId = 0;
  let variantId = 0;
  let visitor = VISITORS;
  const code = `DOLLAR${Date.now().toString(36).toUpperCase()}`;

  /** Every admin-editable field shown on public pages, set to `text`. */
  async function setEverything(text: string) {
    await adminApi(baseUrl, admin, '/settings.php', {
      method: 'PUT',
      body: JSON.stringify({
        ...settingsBefore,
        siteName: text,
        siteDescription: text,
        supportPhone: text,
        liveChatHours: text,
        officeAddress: text,
      }),
    });
    const subject = { name: text, code, level: 'cambridge-a-levels', description: text };
    if (subjectId) {
      await adminApi(baseUrl, admin, `/subjects.php?id=${subjectId}`, { method: 'PUT', body: JSON.stringify(subject) });
    } else {
      const created = await adminApi<{ data: { id: number } }>(baseUrl, admin, '/subjects.php', {
        method: 'POST',
        body: JSON.stringify(subject),
      });
      subjectId = created.data.id;
    }
    const form = new FormData();
    form.set('subject_id', String(subjectId));
    form.set('year', '2024');
    form.set('session', 'May/June');
    if (paperId) {
      form.set('_method', 'PUT');
      form.set('id', String(paperId));
      form.set('variants', JSON.stringify([{ name: text, version: 1, id: variantId }]));
    } else {
      form.set('variants', JSON.stringify([{ name: text, version: 1 }]));
      const pdf = new Uint8Array(samplePdf('dollar patterns paper'));
      form.set('variant_0_document_path', new Blob([pdf], { type: 'application/pdf' }), 'qp.pdf');
    }
    const saved = await fetch(`${baseUrl}/backend/api/past_papers.php`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${admin.token}` },
      body: form,
    });
    const savedBody = (await saved.json()) as { data?: { id: number; variants: Array<{ id: number }> } };
    if (saved.status !== 200 && saved.status !== 201) throw new Error(`paper: ${JSON.stringify(savedBody)}`);
    paperId = savedBody.data!.id;
    variantId = savedBody.data!.variants[0]!.id;
    const faq = { question: text, answer: `<p>${text.replace(/</g, '&lt;')}</p>`, category: text.slice(0, 100) };
    if (faqId) {
      await adminApi(baseUrl, admin, `/faqs.php?path=${faqId}`, { method: 'PUT', body: JSON.stringify(faq) });
    } else {
      const created = await adminApi<{ data: { id: number } }>(baseUrl, admin, '/faqs.php', {
        method: 'POST',
        body: JSON.stringify({ ...faq, is_published: true }),
      });
      faqId = created.data.id;
    }
  }

  /** The public pages that show those fields, and a search whose query is `text`. */
  const pages = (text: string) => [
    '/',
    '/past-papers',
    '/past-papers/cambridge-a-levels',
    `/subjects/${code}`,
    '/faqs',
    '/contact',
    `/search?q=${encodeURIComponent(text)}`,
  ];

  /** The rendered page once it shows `text` (the renderer drops its pages when the BFF says content changed). */
  async function renderedWith(path: string, text: string) {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const response = await fetch(`${baseUrl}${path}`, { headers: asVisitor(visitor++) });
      const html = await response.text();
      const render = response.headers.get('x-render') ?? '';
      if ((render === 'render' || render === 'cache') && decoded(html).includes(text)) {
        return { status: response.status, html, render };
      }
      if (Date.now() > deadline) {
        throw new Error(`${path} never showed the text (X-Render ${render}, ${response.status}, ${html.length} bytes)`);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  beforeAll(async () => {
    admin = await adminSession(baseUrl);
    settingsBefore = (await adminApi<{ data: Record<string, unknown> }>(baseUrl, admin, '/settings.php')).data;
  });

  afterAll(async () => {
    // The product is shared by the other hostile files.
    if (settingsBefore) {
      await adminApi(baseUrl, admin, '/settings.php', { method: 'PUT', body: JSON.stringify(settingsBefore) });
    }
  });

  it('renders every public page with the patterns shown literally, one #root, and the size of plain text', async () => {
    await setEverything(PLAIN);
    const plainSizes = new Map<string, number>();
    for (const [i, path] of pages(PLAIN).entries()) {
      const page = await renderedWith(path, PLAIN);
      plainSizes.set(pages(DOLLARS)[i]!, page.html.length);
    }

    await setEverything(DOLLARS);
    const report: string[] = [];
    for (const path of pages(DOLLARS)) {
      const page = await renderedWith(path, DOLLARS);
      const plain = plainSizes.get(path)!;
      report.push(`${path.slice(0, 40)} ${page.html.length} bytes (plain ${plain})`);
      expect(page.status).toBe(200);
      expect(page.html.match(/id="root"/g)).toHaveLength(1);
      expect(page.html.length).toBeLessThan(plain * 2);
      // Shown inside the rendered root, not only in the page's data.
      const root = page.html.slice(page.html.indexOf('id="root"'), page.html.indexOf('id="ppl-ssr-state"'));
      expect(decoded(root)).toContain(DOLLARS.slice(0, 100));
    }
    process.stdout.write(`${report.join('\n')}\n`);
  }, 150_000);

  it('answers a 600-byte /search?q= of `$` patterns at its plain size', async () => {
    const query = '$`'.repeat(300);
    const same = 'ab'.repeat(300);
    // The page shows the query's first 200 characters.
    const dollars = await renderedWith(`/search?q=${encodeURIComponent(query)}`, query.slice(0, 200));
    const plain = await renderedWith(`/search?q=${encodeURIComponent(same)}`, same.slice(0, 200));
    expect(dollars.html.match(/id="root"/g)).toHaveLength(1);
    expect(dollars.html.length).toBeLessThan(plain.html.length * 2);
  }, 60_000);
});
