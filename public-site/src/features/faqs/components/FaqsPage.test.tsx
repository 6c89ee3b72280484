import { api } from '@ppl/shared-ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeFaq } from '../../../../test/fixtures';
import { currentLocation, renderWithProviders } from '../../../../test/render';
import { FaqsPage } from './FaqsPage';

const faqs = [
  makeFaq({ id: 1, question: 'Can I print the papers?', answer: 'Yes, on A4.', category: 'Technical', sort_order: 1 }),
  makeFaq({
    id: 2,
    question: 'What is a variant?',
    answer: 'Papers set in <strong>several</strong> versions.\nEach has a mark scheme.',
    category: 'Papers',
    sort_order: 2,
  }),
  makeFaq({
    id: 3,
    question: 'What is Past Paper Library?',
    answer: 'A free library.',
    category: 'General',
    sort_order: 5,
  }),
  makeFaq({
    id: 4,
    question: 'Do I need an account?',
    answer: 'No account is needed.',
    category: 'General',
    sort_order: 1,
  }),
  makeFaq({
    id: 5,
    question: 'Hidden draft',
    answer: 'Draft',
    category: 'General',
    sort_order: 0,
    published: false,
    is_published: false,
  }),
];

const questions = () =>
  screen.queryAllByRole('button', { expanded: true }).length +
  screen.queryAllByRole('button', { expanded: false }).length;

describe('FaqsPage', () => {
  beforeEach(() => {
    jest.spyOn(api.faqs, 'list').mockResolvedValue({ faqs, categories: ['General', 'Papers', 'Technical'] });
  });
  afterEach(() => jest.restoreAllMocks());

  it('groups published FAQs by category (groups in sort_order of their first FAQ), by sort_order, with only the first one open', async () => {
    renderWithProviders(<FaqsPage />, { route: '/faqs' });
    await screen.findByRole('heading', { level: 2, name: 'General' });
    expect(api.faqs.list).toHaveBeenCalledWith({ publishedOnly: true });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'General',
      'Technical',
      'Papers',
      'Still have questions?',
    ]);
    const general = screen.getByRole('region', { name: 'General' });
    expect(
      within(general)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Do I need an account?', 'What is Past Paper Library?']);
    expect(screen.queryByText('Hidden draft')).toBeNull();
    const open = screen.getAllByRole('button', { expanded: true });
    expect(open.map((b) => b.textContent)).toEqual(['Do I need an account?']);
    expect(screen.getByRole('region', { name: 'Do I need an account?' })).toHaveTextContent('No account is needed.');
    expect(questions()).toBe(4);
  });

  it('opens and closes answers, rendered as sanitised HTML with line breaks', async () => {
    const user = userEvent.setup();
    renderWithProviders(<FaqsPage />, { route: '/faqs' });
    const question = await screen.findByRole('button', { name: 'What is a variant?' });
    expect(question).toHaveAttribute('aria-expanded', 'false');
    await user.click(question);
    expect(question).toHaveAttribute('aria-expanded', 'true');
    const answer = screen.getByRole('region', { name: 'What is a variant?' });
    expect(answer.querySelector('strong')).toHaveTextContent('several');
    expect(answer.querySelector('br')).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Do I need an account?' }));
    expect(screen.getAllByRole('button', { expanded: true }).map((b) => b.textContent)).toEqual(['What is a variant?']);
  });

  it('filters by category buttons and by search, keeping both in the URL', async () => {
    const user = userEvent.setup();
    renderWithProviders(<FaqsPage />, { route: '/faqs' });
    const filters = await screen.findByRole('group', { name: 'Filter by category' });
    expect(
      within(filters)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All', 'General', 'Technical', 'Papers']);
    await user.click(within(filters).getByRole('button', { name: 'Technical' }));
    expect(within(filters).getByRole('button', { name: 'Technical' })).toHaveAttribute('aria-pressed', 'true');
    expect(currentLocation()).toBe('/faqs?category=Technical');
    expect(questions()).toBe(1);
    await user.click(within(filters).getByRole('button', { name: 'All' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search FAQs' }), 'mark scheme');
    await waitFor(() =>
      expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['What is a variant?']),
    );
    expect(currentLocation()).toBe('/faqs?q=mark+scheme');
  });

  it("shows 'No FAQs found' and clears the search", async () => {
    const user = userEvent.setup();
    renderWithProviders(<FaqsPage />, { route: '/faqs?category=Papers&q=zebra' });
    expect(await screen.findByText('No FAQs found')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear Search' }));
    await waitFor(() => expect(questions()).toBe(4));
    expect(currentLocation()).toBe('/faqs');
  });

  it('offers a way to contact the team', async () => {
    renderWithProviders(<FaqsPage />, { route: '/faqs' });
    expect(screen.getByRole('link', { name: 'Contact Us' })).toHaveAttribute('href', '/contact');
  });

  it("says 'Failed to load FAQs' when they cannot be loaded", async () => {
    jest.spyOn(api.faqs, 'list').mockRejectedValue(new Error(''));
    renderWithProviders(<FaqsPage />, { route: '/faqs' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Unable to Load Content');
    expect(alert).toHaveTextContent('Failed to load FAQs');
  });
});
