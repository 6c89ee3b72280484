import { unique } from '../../support/admin';
import { adminJourney } from '../../support/admin-journey';
import { newPage } from '../../support/browser';

interface InquiryRow {
  id: number;
  name: string;
  status: string;
  message: string;
}

describe('admin contact inquiries', () => {
  const journey = adminJourney();
  const { baseUrl } = journey;

  it('takes an inquiry sent from the contact page to in progress, then resolved', async () => {
    const name = unique('Visitor ');
    const visitor = await newPage(journey.browser);
    await visitor.page.goto(`${baseUrl}/contact`);
    const form = visitor.page
      .locator('form')
      .filter({ has: visitor.page.getByRole('button', { name: 'Send Message' }) });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Email').fill('visitor@example.com');
    await form.getByLabel('Subject').fill('Missing paper');
    await form.getByLabel('Message').fill('Could you add 0625 May/June 2019 paper 2?');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await visitor.page.getByText("Thank you for your message! We'll get back to you within 24 hours.").waitFor();
    expect(visitor.errors).toEqual([]);
    await visitor.context.close();

    const { page, context, errors } = await journey.openAdmin('/admin/inquiries?status=new');
    const row = page.getByRole('row', { name: new RegExp(name) });
    await row.getByText('New', { exact: true }).waitFor();

    await row.getByRole('button', { name: `View inquiry from ${name}` }).click();
    const details = page.getByRole('dialog', { name: 'Inquiry Details' });
    await details.getByText('Could you add 0625 May/June 2019 paper 2?', { exact: false }).waitFor();
    await details.getByRole('button', { name: 'Mark as In Progress' }).click();
    await details.waitFor({ state: 'detached' });

    // Filtered on New, the inquiry has left the list; under In Progress it is there.
    await row.waitFor({ state: 'detached' });
    await page.getByLabel('Status', { exact: true }).selectOption('in_progress');
    await page.waitForURL(/status=in_progress/);
    const moved = page.getByRole('row', { name: new RegExp(name) });
    await moved.getByText('In Progress', { exact: true }).waitFor();
    await moved.getByRole('button', { name: `Mark inquiry from ${name} as Resolved` }).click();
    await moved.waitFor({ state: 'detached' });

    await page.getByLabel('Status', { exact: true }).selectOption('');
    const resolved = page.getByRole('row', { name: new RegExp(name) });
    await resolved.getByText('Resolved', { exact: true }).waitFor();
    await expect(resolved.getByRole('button', { name: /as Resolved/ }).count()).resolves.toBe(0);

    const { inquiries } = await journey.api<{ inquiries: InquiryRow[] }>('/inquiries.php?page=1&limit=50');
    const stored = inquiries.find((i) => i.name === name);
    expect(stored?.status).toBe('resolved');
    expect(stored?.message.startsWith('Priority: medium\n\n')).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
