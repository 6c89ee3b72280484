import type { Page } from 'playwright-core';
import { waitForAdmin } from '../../support/admin';
import { adminJourney } from '../../support/admin-journey';
import { seriousA11yViolations } from '../../support/public';

interface Threshold {
  id: number;
  subject_id: number;
  year: number;
  session: string;
  component: string;
  max_marks: number;
  boundaries: Array<{ grade: string; min_marks: number }>;
}
interface SubjectRow {
  id: number;
  name: string;
  code: string;
}
interface PaperRow {
  id: number;
  variants: Array<{ id: number; name: string; version: number; duration_minutes: number | null }>;
}

/** E2E_SCREENSHOTS=dir keeps pictures of the screens for a person to look at. */
async function snapshot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SCREENSHOTS;
  if (dir)
    await page.screenshot({ path: `${dir}/${name}-${process.env.E2E_VIEWPORT ?? 'desktop'}.png`, fullPage: false });
}

/** A public read, as a student's browser makes it (no credentials). */
async function publicRead<T>(baseUrl: string, path: string): Promise<T> {
  const response = await fetch(`${baseUrl}/backend/api${path}`, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  return ((await response.json()) as { data: T }).data;
}

describe('admin grade thresholds', () => {
  const journey = adminJourney();
  const { baseUrl } = journey;

  it('creates thresholds, shows invalid boundaries inline, edits them, and the public API answers them', async () => {
    const { data: subjects } = await journey.api<{ data: SubjectRow[] }>('/subjects.php');
    const subject = subjects[0];
    if (!subject) throw new Error('the seed needs a subject');
    // A series the demo content does not have, so nothing clashes.
    const component = `Paper ${Date.now() % 100000}`;
    const label = `${subject.name} (${subject.code})`;

    const { page, context, errors } = await journey.openAdmin('/admin/grade-thresholds');
    await page.getByRole('heading', { name: 'Grade Thresholds' }).first().waitFor();
    await page.getByRole('button', { name: 'Add Thresholds' }).click();
    const dialog = page.getByTestId('grade-threshold-form');
    await dialog.getByLabel(/^Subject/).selectOption({ label });
    await dialog.getByLabel(/^Year/).fill('2011');
    await dialog.getByLabel(/^Session/).selectOption('Oct/Nov');
    await dialog.getByLabel(/^Component/).fill(component);
    await dialog.getByLabel(/^Maximum Mark/).fill('50');
    const marks = [40, 35, 36, 25, 20, 15]; // B above A: refused
    for (const [i, value] of marks.entries())
      await dialog.getByLabel(`Minimum marks ${i + 1}`, { exact: true }).fill(String(value));
    await dialog.getByRole('button', { name: 'Create Thresholds' }).click();
    await dialog.getByText('The B boundary (36) must be lower than the A boundary (35)').waitFor();
    await expect(dialog.getByLabel('Minimum marks 3', { exact: true }).getAttribute('aria-invalid')).resolves.toBe(
      'true',
    );
    await snapshot(page, 'grade-thresholds-form-error');
    // The form with its inline messages, and the list behind it, read well to assistive technology.
    expect(await seriousA11yViolations(page)).toEqual([]);
    const before = await publicRead<Threshold[]>(baseUrl, `/subjects/${subject.id}/grade-thresholds`);
    expect(before.some((t) => t.component === component)).toBe(false);

    await dialog.getByLabel('Minimum marks 3', { exact: true }).fill('30');
    await dialog.getByRole('button', { name: 'Create Thresholds' }).click();
    await page.getByRole('status').filter({ hasText: 'Grade thresholds created successfully' }).waitFor();
    const row = page.getByRole('row', { name: new RegExp(`Oct/Nov 2011.*${component}`) });
    await row.waitFor();
    await expect(row.textContent()).resolves.toContain('A* 40 · A 35 · B 30 · C 25 · D 20 · E 15');

    await row.getByRole('button', { name: /^Edit/ }).click();
    await dialog.getByLabel(/^Maximum Mark/).fill('60');
    await dialog.getByLabel('Minimum marks 1', { exact: true }).fill('52');
    await dialog.getByRole('button', { name: 'Update Thresholds' }).click();
    await page.getByRole('status').filter({ hasText: 'Grade thresholds updated successfully' }).waitFor();
    await expect(row.textContent()).resolves.toContain('A* 52 · A 35');
    await snapshot(page, 'grade-thresholds-list');

    const after = await publicRead<Threshold[]>(baseUrl, `/subjects/${subject.id}/grade-thresholds`);
    expect(after.find((t) => t.component === component)).toMatchObject({
      year: 2011,
      session: 'Oct/Nov',
      max_marks: 60,
      boundaries: [
        { grade: 'A*', min_marks: 52 },
        { grade: 'A', min_marks: 35 },
        { grade: 'B', min_marks: 30 },
        { grade: 'C', min_marks: 25 },
        { grade: 'D', min_marks: 20 },
        { grade: 'E', min_marks: 15 },
      ],
    });

    // Another subject's filter hides the row; all subjects shows it again.
    const listed = await publicRead<Threshold[]>(baseUrl, '/grade-thresholds');
    const other = subjects.find((s) => s.id === listed.find((t) => t.subject_id !== subject.id)?.subject_id);
    if (other) {
      await page.getByLabel('Subject', { exact: true }).selectOption({ label: `${other.name} (${other.code})` });
      await page.getByRole('row', { name: new RegExp(component) }).waitFor({ state: 'detached' });
      await page
        .getByRole('row', { name: new RegExp(other.name) })
        .first()
        .waitFor();
      await page.getByLabel('Subject', { exact: true }).selectOption({ label: 'All subjects' });
      await row.waitFor();
    }

    // Deleted through the confirmation: gone from the public API too.
    await row.getByRole('button', { name: /^Delete/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('status').filter({ hasText: 'Grade thresholds deleted successfully' }).waitFor();
    const gone = await publicRead<Threshold[]>(baseUrl, `/subjects/${subject.id}/grade-thresholds`);
    expect(gone.some((t) => t.component === component)).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("answers a demo paper variant's thresholds and duration to the public", async () => {
    const papers = await publicRead<PaperRow[]>(baseUrl, '/past_papers.php');
    const paper = papers.find((p) => p.variants.length > 0)!;
    const variant = paper.variants[0]!;
    expect(variant.duration_minutes).toEqual(expect.any(Number));
    const thresholds = await publicRead<Threshold | null>(
      baseUrl,
      `/papers/${paper.id}/grade-thresholds?variant=${variant.id}`,
    );
    expect(thresholds).toMatchObject({ component: String(variant.version) });
    expect(thresholds!.boundaries[0]!.min_marks).toBeLessThanOrEqual(thresholds!.max_marks);

    // The duration field of the past paper form shows the variant's duration.
    const { page, context } = await journey.signedInPage();
    await page.goto(`${baseUrl}/admin/past-papers/edit/${paper.id}`);
    await waitForAdmin(page);
    const duration = page.getByTestId('past-paper-form').getByLabel(/^Duration \(minutes\)/);
    await expect(duration.inputValue()).resolves.toBe(String(variant.duration_minutes));
    await duration.scrollIntoViewIfNeeded();
    await snapshot(page, 'past-paper-duration');
    await context.close();
  });
});
