import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { adminJourney } from '../../support/admin-journey';
import { newPage, PHONE_VIEWPORT } from '../../support/browser';
import { samplePdf } from '../../support/files';
import { ROOT } from '../../support/product';
import { horizontalOverflow, openPublicPage } from '../../support/public';

const SHOTS = join(ROOT, 'e2e', 'screenshots');

/**
 * A whole series dropped on /admin/import, recognised from the boards' file names, one unknown subject
 * created from the preview, imported, and then on the public subject page: its documents and its coverage grid.
 */
describe('bulk import from the drop to the students', () => {
  const journey = adminJourney();
  const { baseUrl } = journey;

  it('imports dropped files after the unknown subject is created in the preview, and the subject page shows them', async () => {
    mkdirSync(SHOTS, { recursive: true });
    // A Cambridge syllabus code the library does not have.
    const { data: subjects } = await journey.api<{ data: Array<{ code: string }> }>('/subjects.php');
    const taken = new Set(subjects.map((s) => s.code));
    let code = '';
    for (let n = 9000 + Math.floor(Math.random() * 900); !code; n++) if (!taken.has(String(n))) code = String(n);
    const names = [`${code}_s24_qp_11.pdf`, `${code}_s24_ms_11.pdf`, `${code}_s24_qp_12.pdf`, `${code}_s24_er.pdf`];
    names.push(`${code}_w23_qp_11.pdf`, `${code}_s24_gt.pdf`);

    const { page, context, errors } = await journey.openAdmin('/admin/import', {
      viewport: { width: 1280, height: 860 },
    });
    await page.getByRole('heading', { name: 'Bulk Import' }).waitFor();
    await page
      .getByTestId('import-file-input')
      .setInputFiles(names.map((name) => ({ name, mimeType: 'application/pdf', buffer: samplePdf(name) })));
    // Every upload finishes; the preview recognises the names and flags the unknown code.
    await page.getByRole('heading', { name: 'Uploads: 6 of 6 files' }).waitFor();
    const unknown = page.getByTestId('import-unknown-subjects');
    await unknown.getByText(code, { exact: true }).waitFor();
    await page
      .getByTestId('import-counts')
      .getByText(/6 files .*0 ready, 0 identical to stored files, 5 need attention, 1 skipped/)
      .waitFor();
    const preview = page.getByRole('table', { name: 'Files of this import' });
    await expect(
      preview
        .getByRole('row', { name: new RegExp(`${code}_s24_gt\\.pdf`) })
        .getByText('Skipped')
        .first()
        .isVisible(),
    ).resolves.toBe(true);
    await page.screenshot({ path: join(SHOTS, 'import-preview-desktop.png'), fullPage: true });

    // Fix it: create the subject from the preview.
    await unknown.getByRole('button', { name: 'Create subject' }).click();
    const dialog = page.getByRole('dialog', { name: `Create subject ${code}` });
    await dialog.getByLabel('Name').fill('Import Physics');
    await expect(dialog.getByLabel('Level').inputValue()).resolves.toBe('cambridge-a-levels');
    await dialog.getByRole('button', { name: 'Create Subject' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByTestId('import-counts')
      .getByText(/5 ready/)
      .waitFor();
    await expect(page.getByTestId('import-unknown-subjects').count()).resolves.toBe(0);
    const paper12 = preview.getByRole('row', { name: new RegExp(`${code}_s24_qp_12\\.pdf`) });
    await expect(paper12.getByRole('combobox', { name: /^Session of/ }).inputValue()).resolves.toBe('May/June');
    await expect(paper12.getByRole('textbox', { name: /^Paper of/ }).inputValue()).resolves.toBe('12');

    await page.getByRole('button', { name: 'Import 5 files' }).click();
    await page.getByRole('heading', { name: 'Import report' }).waitFor();
    await expect(preview.getByText('Imported', { exact: true }).count()).resolves.toBe(5);
    await page.screenshot({ path: join(SHOTS, 'import-report-desktop.png'), fullPage: true });

    // The admin's coverage grid: Paper 12 has no mark scheme.
    await page.getByRole('link', { name: 'Coverage' }).click();
    await page.getByTestId('coverage-grid').waitFor();
    await page.getByRole('combobox', { name: 'Subject' }).selectOption({ label: `${code} · Import Physics` });
    await page.getByTestId('coverage-missing').getByText('2 question paper(s) without a mark scheme.').waitFor();
    await page.screenshot({ path: join(SHOTS, 'coverage-desktop.png'), fullPage: true });
    expect(errors).toEqual([]);
    await context.close();

    // The students' subject page, at a desk and on a phone: the papers, the grid, the zip and a request link.
    for (const [label, options] of [
      ['desktop', { viewport: { width: 1280, height: 860 } }],
      ['phone', PHONE_VIEWPORT],
    ] as const) {
      const visitor = await newPage(journey.browser, options);
      await openPublicPage(visitor.page, baseUrl, `/subjects/${code}`);
      await visitor.page.getByRole('heading', { name: 'Import Physics', level: 1 }).waitFor();
      await visitor.page.getByText(`Import Physics Paper 12`, { exact: true }).first().waitFor();
      const grid = visitor.page.getByTestId('subject-coverage');
      await grid.getByRole('heading', { name: 'May/June 2024' }).waitFor();
      await grid.getByRole('heading', { name: 'Oct/Nov 2023' }).waitFor();
      const zip = grid.getByRole('link', { name: /Download all · 4 files · .* of May\/June 2024 as a zip/ });
      await expect(zip.getAttribute('href')).resolves.toBe(`/backend/api/download/sessions/${code}/2024/may-june.zip`);
      const request = grid.getByRole('link', { name: 'MS missing: ask for it' });
      await expect(request.count()).resolves.toBe(2); // Paper 12 in May/June 2024, Paper 11 in Oct/Nov 2023
      const href = (await request.first().getAttribute('href'))!;
      expect(new URL(href, baseUrl).searchParams.get('message')).toBe(
        `Please add the Import Physics (${code}) Paper 12 mark scheme, May/June 2024. Thank you!`,
      );
      await visitor.page.screenshot({ path: join(SHOTS, `import-subject-${label}.png`), fullPage: true });
      expect(await horizontalOverflow(visitor.page)).toBeLessThanOrEqual(0);
      if (label === 'phone') {
        // The request lands on the contact form, filled in.
        await request.first().click();
        await visitor.page.getByRole('textbox', { name: /Subject/ }).waitFor();
        await expect(visitor.page.getByRole('textbox', { name: /Subject/ }).inputValue()).resolves.toBe(
          `Document request: ${code} May/June 2024 Paper 12 mark scheme`,
        );
      }
      expect(visitor.errors).toEqual([]);
      await visitor.context.close();
    }

    // The zip holds the session's four files.
    const res = await fetch(`${baseUrl}/backend/api/download/sessions/${code}/2024/may-june.zip`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
  });
});
