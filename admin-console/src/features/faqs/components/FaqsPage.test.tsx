import { api, ApiError, type Faq } from '@ppl/shared-ui';
import { RECORD_CHANGED } from '../../../lib/edit-version';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen } from '../../../../test/render';
import { answerPreview } from './faq-form';
import { FaqsPage } from './FaqsPage';

const faq = (overrides: Partial<Faq>): Faq => ({
  id: 1,
  question: 'What is Past Paper Library?',
  answer: 'A free collection.',
  category: 'General',
  sort_order: 0,
  published: true,
  is_published: true,
  created_at: '2026-10-05T10:00:00Z',
  updated_at: '2026-10-05T10:00:00Z',
  ...overrides,
});

const LONG = `<strong>Start</strong> with a recent paper under timed conditions.\nMark it with the mark scheme, then read the examiner report.`;
const FAQS = [
  faq({ id: 1 }),
  faq({ id: 2, question: 'How should I revise?', answer: LONG, category: 'Papers', sort_order: 1 }),
  faq({ id: 3, question: 'Can I print?', category: 'Technical', sort_order: 2, is_published: false, published: false }),
];

function setup() {
  const list = jest
    .spyOn(api.faqs, 'list')
    .mockResolvedValue({ faqs: FAQS, categories: ['General', 'Papers', 'Technical'] });
  return list;
}

async function openForm(button = 'Add FAQ') {
  const user = userEvent.setup();
  renderScreen(<FaqsPage />, { route: '/admin/faqs' });
  await screen.findByRole('table', { name: 'FAQs' });
  await user.click(screen.getByRole('button', { name: button }));
  return { user, dialog: within(screen.getByRole('dialog')) };
}

describe('FaqsPage', () => {
  afterEach(() => jest.restoreAllMocks());

  it('shows the stats and the table with a 100-character answer preview', async () => {
    setup();
    renderScreen(<FaqsPage />, { route: '/admin/faqs' });
    const table = await screen.findByRole('table', { name: 'FAQs' });
    expect(screen.getByRole('group', { name: 'Total FAQs' })).toHaveTextContent('3');
    expect(screen.getByRole('group', { name: 'Published' })).toHaveTextContent('2');
    expect(screen.getByRole('group', { name: 'Categories' })).toHaveTextContent('3');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Order', 'Question', 'Category', 'Status', 'Created', 'Actions']);
    const preview = answerPreview(LONG);
    expect(preview).toHaveLength(103);
    expect(preview.endsWith('...')).toBe(true);
    expect(preview.startsWith('Start with a recent paper')).toBe(true);
    expect(within(table).getByText(preview)).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Can I print/ })).toHaveTextContent('Draft');
  });

  it('searches and filters by category through the URL, with the two empty texts', async () => {
    const user = userEvent.setup();
    setup();
    renderScreen(<FaqsPage />, { route: '/admin/faqs?category=Papers' });
    const table = await screen.findByRole('table', { name: 'FAQs' });
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    await user.selectOptions(screen.getByLabelText('Category'), '');
    await user.type(screen.getByLabelText('Search FAQs'), 'timed conditions');
    expect(within(table).getByRole('row', { name: /How should I revise/ })).toBeInTheDocument();
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    await user.type(screen.getByLabelText('Search FAQs'), ' nothing like this');
    expect(screen.getByText('No FAQs match your search criteria')).toBeInTheDocument();
  });

  it("says 'No FAQs have been created yet' when there are none", async () => {
    jest.spyOn(api.faqs, 'list').mockResolvedValue({ faqs: [], categories: [] });
    renderScreen(<FaqsPage />, { route: '/admin/faqs' });
    expect(await screen.findByText('No FAQs have been created yet')).toBeInTheDocument();
  });

  it('toggles the status with a partial update and reloads', async () => {
    const user = userEvent.setup();
    const list = setup();
    const update = jest.spyOn(api.faqs, 'update').mockResolvedValue(faq({ is_published: false }));
    renderScreen(<FaqsPage />, { route: '/admin/faqs' });
    await user.click(
      await screen.findByRole('button', { name: /^Published\s*, change the status of "What is Past Paper Library\?"/ }),
    );
    expect(update).toHaveBeenCalledWith(1, { is_published: false });
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));
  });

  it("reports 'Failed to update FAQ status' and 'Failed to update FAQ sort order'", async () => {
    const user = userEvent.setup();
    setup();
    const update = jest.spyOn(api.faqs, 'update').mockRejectedValue(new Error(''));
    renderScreen(<FaqsPage />, { route: '/admin/faqs' });
    await user.click(await screen.findByRole('button', { name: /^Draft\s*, change the status/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update FAQ status');
    const order = screen.getByLabelText('Sort order of "How should I revise?"');
    await user.clear(order);
    await user.type(order, '7{Enter}');
    expect(update).toHaveBeenLastCalledWith(2, { sort_order: 7 });
    await waitFor(() =>
      expect(screen.getAllByRole('alert').some((a) => a.textContent?.includes('Failed to update FAQ sort order'))).toBe(
        true,
      ),
    );
  });

  it('validates with the spec messages and defaults to General, published, order 0', async () => {
    setup();
    const create = jest.spyOn(api.faqs, 'create');
    const { user, dialog } = await openForm();
    expect(dialog.getByLabelText(/^Category/)).toHaveValue('General');
    expect(dialog.getByLabelText(/^Sort Order/)).toHaveValue(0);
    expect(dialog.getByRole('checkbox', { name: 'Published' })).toBeChecked();
    await user.clear(dialog.getByLabelText(/^Sort Order/));
    await user.type(dialog.getByLabelText(/^Sort Order/), '-1');
    await user.selectOptions(dialog.getByLabelText(/^Category/), '+ New category');
    await user.click(dialog.getByRole('button', { name: 'Create FAQ' }));
    expect(await dialog.findByText('Question is required')).toBeInTheDocument();
    expect(dialog.getByText('Answer is required')).toBeInTheDocument();
    expect(dialog.getByText('Category is required')).toBeInTheDocument();
    expect(dialog.getByText('Sort order must be a whole number of at least 0')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });

  it('creates a FAQ in a new category and reloads the list', async () => {
    const list = setup();
    const create = jest.spyOn(api.faqs, 'create').mockResolvedValue(faq({ id: 4 }));
    const { user, dialog } = await openForm();
    await user.type(dialog.getByLabelText(/^Question/), 'Is it free?');
    await user.type(dialog.getByLabelText(/^Answer/), 'Yes.\nAlways.');
    await user.selectOptions(dialog.getByLabelText(/^Category/), '+ New category');
    await user.type(dialog.getByLabelText(/^New Category/), 'Pricing');
    await user.click(dialog.getByRole('checkbox', { name: 'Published' }));
    await user.click(dialog.getByRole('button', { name: 'Create FAQ' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(create).toHaveBeenCalledWith({
      question: 'Is it free?',
      answer: 'Yes.\nAlways.',
      category: 'Pricing',
      sort_order: 0,
      is_published: false,
    });
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));
  });

  it('edits and deletes', async () => {
    const list = setup();
    const update = jest.spyOn(api.faqs, 'update').mockResolvedValue(faq({}));
    const remove = jest.spyOn(api.faqs, 'remove').mockResolvedValue({ success: true });
    const { user, dialog } = await openForm('Edit "Can I print?"');
    expect(dialog.getByRole('checkbox', { name: 'Published' })).not.toBeChecked();
    expect(dialog.getByLabelText(/^Category/)).toHaveValue('Technical');
    await user.click(dialog.getByRole('button', { name: 'Update FAQ' }));
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith(
        3,
        expect.objectContaining({ category: 'Technical', sort_order: 2, is_published: false }),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Delete "Can I print?"' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete FAQ' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith(3));
    await waitFor(() => expect(list).toHaveBeenCalledTimes(3));
  });

  it('sends the version it was loaded with; when someone else saved meanwhile it says so and offers Reload', async () => {
    const list = setup();
    const update = jest
      .spyOn(api.faqs, 'update')
      .mockRejectedValue(new ApiError('API PUT error: Conflict', 409, RECORD_CHANGED));
    const { user, dialog } = await openForm('Edit "Can I print?"');
    await user.click(dialog.getByRole('button', { name: 'Update FAQ' }));
    await waitFor(() =>
      expect(update).toHaveBeenCalledWith(3, expect.objectContaining({ updated_at: '2026-10-05T10:00:00Z' })),
    );
    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent(RECORD_CHANGED);
    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));
  });

  it('saves a new sort order once on Enter (one toast, not two)', async () => {
    setup();
    const reorder = jest.spyOn(api.faqs, 'update').mockResolvedValue(faq({}));
    const user = userEvent.setup();
    renderScreen(<FaqsPage />, { route: '/admin/faqs' });
    const input = await screen.findByRole('spinbutton', { name: 'Sort order of "How should I revise?"' });
    await user.clear(input);
    await user.type(input, '7{Enter}');
    await user.tab();
    await waitFor(() => expect(screen.getAllByText('Sort order updated')).toHaveLength(1));
    expect(reorder).toHaveBeenCalledTimes(1);
    expect(reorder).toHaveBeenCalledWith(2, { sort_order: 7 });
  });

  it('asks before discarding typed work on Escape, and closes at once when nothing changed', async () => {
    setup();
    const { user, dialog } = await openForm();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Add FAQ' }));
    const form = within(screen.getByRole('dialog'));
    await user.type(form.getByLabelText(/^Question/), 'A question I typed');
    await user.keyboard('{Escape}');
    const confirm = await screen.findByRole('alertdialog', { name: 'Discard changes?' });
    await user.click(within(confirm).getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByRole('dialog', { name: 'Add FAQ' })).toBeInTheDocument();
    expect(within(screen.getByRole('dialog', { name: 'Add FAQ' })).getByLabelText(/^Question/)).toHaveValue(
      'A question I typed',
    );
    await user.click(within(screen.getByRole('dialog', { name: 'Add FAQ' })).getByRole('button', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    void dialog;
  });
});
