import { unique } from '../../support/admin';
import { adminJourney } from '../../support/admin-journey';

describe('admin settings', () => {
  const journey = adminJourney();
  const { baseUrl } = journey;

  it('saves a new contact email and the contact page shows it', async () => {
    const { data: before } = await journey.api<{ data: Record<string, unknown> }>('/settings.php');
    const email = `${unique('help-')}@pastpaperlibrary.example`;
    const { page, context, errors } = await journey.openAdmin('/admin/settings');
    const contact = page.getByRole('textbox', { name: 'Contact Email' });
    await contact.waitFor();
    await contact.fill('');
    await page.getByRole('spinbutton', { name: 'Files Per Page' }).fill('101');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await page.getByText('Contact email is required').waitFor();
    await page.getByText('Files per page must be between 5 and 100').waitFor();

    await contact.fill(email);
    await page.getByRole('spinbutton', { name: 'Files Per Page' }).fill('20');
    await page.getByRole('button', { name: 'Save Settings' }).click();
    // Beside the Save button (and as a toast).
    await page.getByTestId('settings-saved').filter({ hasText: 'Settings saved successfully!' }).waitFor();
    const { data: after } = await journey.api<{ data: Record<string, unknown> }>('/settings.php');
    expect(after).toMatchObject({ ...before, contactEmail: email, filesPerPage: 20 });

    await page.goto(`${baseUrl}/contact`);
    await page.getByText(email).first().waitFor();

    // Leave the settings as they were for the journeys that follow.
    await journey.api('/settings.php', { method: 'PUT', body: JSON.stringify(before) });
    expect(errors).toEqual([]);
    await context.close();
  });
});
