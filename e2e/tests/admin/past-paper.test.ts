import { unique } from '../../support/admin';
import { adminJourney } from '../../support/admin-journey';
import { newPage } from '../../support/browser';
import { samplePdf } from '../../support/files';

interface PaperRow {
  id: number;
  code: string;
  year: number;
  session: string;
  variants: Array<{ id: number; name: string; document_path: string; document_downloads: number }>;
}

describe('a past paper from the admin modal to the students and back', () => {
  const journey = adminJourney();
  const { baseUrl } = journey;

  it("is created with a PDF through the modal, shows on the public subject page, and its download reads 'Downloaded: 1 time'", async () => {
    const code = unique('AST').toUpperCase();
    await journey.api('/subjects.php', {
      method: 'POST',
      body: JSON.stringify({
        name: 'Astronomy',
        code,
        level: 'cambridge-igcse',
        description: 'Stars, planets and galaxies.',
      }),
    });

    const admin = await journey.openAdmin('/admin/past-papers');
    const { page } = admin;
    await page.getByRole('heading', { name: 'Past Papers Management' }).waitFor();
    await page.getByRole('button', { name: 'Add New Paper' }).first().click();

    const dialog = page.getByRole('dialog', { name: 'Add New Past Paper' });
    const subject = dialog.getByLabel('Subject');
    await dialog.getByRole('option', { name: new RegExp(`Astronomy \\(${code}\\)`) }).waitFor({ state: 'attached' });
    await subject.selectOption({ label: `Astronomy (${code}) - Cambridge IGCSE` });
    await expect(dialog.getByRole('textbox', { name: 'Code' }).inputValue()).resolves.toBe(code);
    await dialog.getByRole('spinbutton', { name: 'Year' }).fill('2025');
    await dialog.getByLabel('Session').selectOption('May/June');

    // The client refuses a wrong type before anything is sent.
    const document = dialog.getByLabel(/^Past Paper Document/);
    await document.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a paper') });
    await dialog.getByText('Please select a valid file type (PDF, DOC, DOCX)').waitFor();
    await document.setInputFiles({
      name: 'astronomy-2025-p1.pdf',
      mimeType: 'application/pdf',
      buffer: samplePdf('Astronomy 2025 Paper 1'),
    });
    await dialog.getByText('Please select a valid file type (PDF, DOC, DOCX)').waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Create Past Paper' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: 'Past paper created successfully' }).waitFor();

    // The list reloads with the new paper.
    await page.getByRole('searchbox', { name: 'Search past papers' }).fill(code);
    await page.getByRole('row', { name: new RegExp(`Astronomy ${code}`) }).waitFor();

    const { data: papers } = await journey.api<{ data: PaperRow[] }>(
      `/past_papers.php?code=${encodeURIComponent(code)}`,
    );
    expect(papers).toHaveLength(1);
    const paper = papers[0]!;
    expect(paper).toMatchObject({ year: 2025, session: 'May/June' });
    expect(paper.variants).toHaveLength(1);
    expect(paper.variants[0]).toMatchObject({ name: 'Paper 1', document_downloads: 0 });

    // A student finds it on the subject page and downloads it.
    const student = await newPage(journey.browser);
    await student.page.goto(`${baseUrl}/subjects/${code}`);
    await student.page
      .getByRole('heading', { name: /Astronomy/ })
      .first()
      .waitFor();
    const link = student.page.getByRole('link', { name: /^Download/ }).first();
    await link.waitFor();
    const [download] = await Promise.all([student.page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const saved = await download.path();
    expect(saved).toBeTruthy();
    expect(student.errors).toEqual([]);
    await student.context.close();

    // Back in the console, the details page counts it.
    await page.goto(`${baseUrl}/admin/past-papers/${paper.id}`);
    await page.getByRole('heading', { name: `Astronomy (${code}) - May/June 2025` }).waitFor();
    const slot = page.getByRole('region', { name: 'Past Paper of Paper 1' });
    await slot.getByText('Downloaded: 1 time').waitFor();
    await page.getByRole('region', { name: 'Mark Scheme of Paper 1' }).getByText('No mark scheme uploaded').waitFor();
    expect(admin.errors).toEqual([]);

    // Leave the seeded library as it was for the journeys that follow.
    await journey.api(`/past_papers.php?id=${paper.id}`, { method: 'DELETE' });
    const { data: subjects } = await journey.api<{ data: Array<{ id: number; code: string }> }>('/subjects.php');
    await journey.api(`/subjects.php?id=${subjects.find((s) => s.code === code)!.id}`, { method: 'DELETE' });
    await admin.context.close();
  });
});
