import { unique } from '../../support/admin';
import { adminJourney } from '../../support/admin-journey';

describe('admin subjects', () => {
  const journey = adminJourney();
  const { baseUrl } = journey;

  it('creates a subject from /admin/subjects/new, finds it in its level group, and deletes it', async () => {
    const code = unique('GEO-').toUpperCase();
    const { page, context, errors } = await journey.openAdmin('/admin/subjects');
    await page.getByRole('heading', { name: 'Subject Management' }).waitFor();
    await page.getByRole('link', { name: 'Add Subject' }).click();
    await page.waitForURL(`${baseUrl}/admin/subjects/new`);

    await page.getByRole('button', { name: 'Create Subject' }).click();
    await page.getByText('Name is required').waitFor();
    await page.getByText('Code is required').waitFor();
    // Codes already in use are refused at the field.
    await page.getByRole('textbox', { name: 'Subject Code' }).fill('0625');
    await page.getByRole('textbox', { name: 'Subject Name' }).fill('Geography');
    await page.getByRole('button', { name: 'Create Subject' }).click();
    await page.getByText('A subject with this code already exists').waitFor();

    await page.getByRole('textbox', { name: 'Subject Code' }).fill(code);
    await page.getByLabel('Level').selectOption('cambridge-a-levels');
    await page.getByRole('textbox', { name: 'Description' }).fill('Physical and human geography.');
    await page.getByRole('button', { name: 'Create Subject' }).click();
    await page.waitForURL(`${baseUrl}/admin/subjects`);

    await page.getByRole('searchbox', { name: 'Search subjects' }).fill(code);
    const group = page.getByRole('region', { name: 'Cambridge A Level' });
    await group.getByRole('heading', { name: 'Geography' }).waitFor();
    await group.getByText('Physical and human geography.').waitFor();
    await expect(group.getByRole('link', { name: 'View Papers' }).getAttribute('href')).resolves.toBe(
      `/subjects/${code}`,
    );
    // The search survives a reload through the URL.
    await page.reload();
    await page.getByRole('region', { name: 'Cambridge A Level' }).getByRole('heading', { name: 'Geography' }).waitFor();

    type SubjectRow = { code: string; name: string; level: string };
    let subjects = (await journey.api<{ data: SubjectRow[] }>('/subjects.php')).data;
    expect(subjects.find((s) => s.code === code)).toMatchObject({ name: 'Geography', level: 'cambridge-a-levels' });

    // Deleting asks first, with the spec's wording; the list reloads without it (and the library is as it was).
    await page.getByRole('button', { name: `Delete Geography (${code})` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete Subject' });
    await confirm.getByText('Are you sure you want to delete Geography? This cannot be undone.').waitFor();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await confirm.waitFor({ state: 'detached' });
    await page.getByText('No subjects found').waitFor();
    subjects = (await journey.api<{ data: SubjectRow[] }>('/subjects.php')).data;
    expect(subjects.some((s) => s.code === code)).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});
