import { waitForAdmin } from '../../support/admin';
import { adminJourney } from '../../support/admin-journey';

interface FaqRow {
  id: number;
  question: string;
  is_published: boolean;
}

describe('admin FAQs', () => {
  const journey = adminJourney();
  const { baseUrl } = journey;

  it("toggles a FAQ's status to Draft and it vanishes from /faqs", async () => {
    const { faqs } = await journey.api<{ faqs: FaqRow[] }>('/faqs.php');
    const [target, other] = faqs.filter((f) => f.is_published);
    if (!target || !other) throw new Error('the seed needs two published FAQs');

    const { page, context, errors } = await journey.signedInPage();
    await page.goto(`${baseUrl}/faqs`);
    await page.getByText(target.question).first().waitFor();

    await page.goto(`${baseUrl}/admin/faqs`);
    await waitForAdmin(page);
    const row = page.getByRole('row', { name: new RegExp(target.question.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
    await row.getByRole('button', { name: /^Published/ }).click();
    await row.getByRole('button', { name: /^Draft/ }).waitFor();
    await page.getByRole('status').filter({ hasText: 'FAQ moved to draft' }).waitFor();

    const after = await journey.api<{ faqs: FaqRow[] }>('/faqs.php');
    expect(after.faqs.find((f) => f.id === target.id)?.is_published).toBe(false);

    await page.goto(`${baseUrl}/faqs`);
    // The list has loaded (another published FAQ is there) and the draft is not in it.
    await page.getByText(other.question).first().waitFor();
    await expect(page.getByText(target.question).count()).resolves.toBe(0);

    // Back to published for the journeys that follow.
    await journey.api(`/faqs?path=${target.id}`, { method: 'PUT', body: JSON.stringify({ is_published: true }) });
    expect(errors).toEqual([]);
    await context.close();
  });
});
