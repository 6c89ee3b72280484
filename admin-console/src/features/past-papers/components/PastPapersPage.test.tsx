import { api, ApiError, type PastPaper } from '@ppl/shared-ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { paperFixture, subjectFixture, summaryOf } from '../../../../test/fixtures';
import { renderScreen } from '../../../../test/render';
import { PastPapersPage } from './PastPapersPage';

const PAPERS: PastPaper[] = [
  paperFixture({ id: 1, subject: 'physics', code: '0625', level: 'cambridge-igcse', year: 2023, session: 'May/June' }),
  paperFixture({ id: 2, subject: 'Biology', code: '0610', level: 'cambridge-igcse', year: 2021, session: 'Oct/Nov' }),
  paperFixture({
    id: 3,
    subject: 'Economics',
    code: '9708',
    level: 'cambridge-a-levels',
    year: 2025,
    session: 'Feb/March',
  }),
];

function renderList(route = '/admin/past-papers') {
  return renderScreen(<PastPapersPage />, {
    route,
    path: '/admin/past-papers',
    routes: (
      <>
        <Route path="/admin/past-papers/edit/:id" element={<PastPapersPage />} />
        <Route path="/admin/past-papers/:id" element={<p>Details screen</p>} />
      </>
    ),
  });
}

const subjectsColumn = () =>
  within(screen.getByRole('table', { name: 'Past papers' }))
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);

describe('PastPapersPage', () => {
  let list: jest.SpyInstance;
  beforeEach(() => {
    list = jest.spyOn(api.pastPapers, 'summaries').mockResolvedValue(PAPERS.map(summaryOf));
    // The form needs a paper whole: the page fetches it by id.
    jest
      .spyOn(api.pastPapers, 'get')
      .mockImplementation(async (id) => PAPERS.find((p) => p.id === id) ?? paperFixture({ id }));
    jest.spyOn(api.subjects, 'list').mockResolvedValue([subjectFixture()]);
  });
  afterEach(() => jest.restoreAllMocks());

  it("loads with 'Loading past papers...' and lists papers sorted by subject ascending", async () => {
    renderList();
    expect(screen.getByText('Loading past papers...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Past Papers Management' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Past papers' });
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('AdminPast Papers');
    const headers = within(screen.getByRole('table'))
      .getAllByRole('columnheader')
      .map((h) => h.textContent?.replace(/[▲▼]/g, ''));
    expect(headers).toEqual(['Subject', 'Code', 'Level', 'Year', 'Session', 'Actions']);
    expect(subjectsColumn()).toEqual(['Biology', 'Economics', 'physics']);
    expect(screen.getByText('Showing 3 of 3 total paper(s)')).toBeInTheDocument();
  });

  it('sorts by a header, toggling the direction, and keeps the sort in the URL', async () => {
    const user = userEvent.setup();
    renderList();
    await screen.findByRole('table', { name: 'Past papers' });
    await user.click(screen.getByRole('button', { name: /Year/ }));
    expect(subjectsColumn()).toEqual(['Biology', 'physics', 'Economics']);
    await user.click(screen.getByRole('button', { name: /Year/ }));
    expect(subjectsColumn()).toEqual(['Economics', 'physics', 'Biology']);
    expect(screen.getByRole('columnheader', { name: /Year/ })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByTestId('location')).toHaveTextContent('sort=year&dir=desc');
  });

  it('restores search, filters, sort and page from the URL', async () => {
    renderList('/admin/past-papers?q=0&level=igcse&sort=code&dir=desc');
    await screen.findByRole('table', { name: 'Past papers' });
    expect(screen.getByLabelText('Search past papers')).toHaveValue('0');
    expect(screen.getByRole('group', { name: 'Filters' })).toBeInTheDocument();
    expect(subjectsColumn()).toEqual(['physics', 'Biology']);
    expect(screen.getByText('Showing 2 of 3 total paper(s)')).toBeInTheDocument();
  });

  it('searches and filters, with Show all and Clear Filters', async () => {
    const user = userEvent.setup();
    renderList();
    await screen.findByRole('table', { name: 'Past papers' });
    expect(screen.getByPlaceholderText('Search by subject, code, year or session...')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search past papers'), 'oct');
    expect(subjectsColumn()).toEqual(['Biology']);
    expect(screen.getByText('Showing 1 of 3 total paper(s)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show all' }));
    expect(subjectsColumn()).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const filters = screen.getByRole('group', { name: 'Filters' });
    const years = within(within(filters).getByLabelText('Year'))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(years).toEqual(['All', '2025', '2023', '2021']);
    await user.selectOptions(within(filters).getByLabelText('Year'), '2025');
    expect(subjectsColumn()).toEqual(['Economics']);
    await user.selectOptions(within(filters).getByLabelText('Session'), 'May/June');
    expect(screen.getByText('No past papers found')).toBeInTheDocument();
    expect(screen.getByText('Try adjusting your search or filters')).toBeInTheDocument();
    await user.click(within(filters).getByRole('button', { name: 'Clear Filters' }));
    expect(subjectsColumn()).toHaveLength(3);
  });

  it('invites to add the first paper when there are none', async () => {
    list.mockResolvedValue([]);
    renderList();
    expect(await screen.findByText('No past papers found')).toBeInTheDocument();
    expect(screen.getByText('Add your first past paper to get started')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Add New Paper' })).toHaveLength(2);
  });

  it('pages with First, Prev, Page X of Y, Next, Last and 10/20/50 per page', async () => {
    const user = userEvent.setup();
    list.mockResolvedValue(
      Array.from({ length: 23 }, (_, i) =>
        summaryOf(paperFixture({ id: i + 1, subject: `Subject ${String(i + 1).padStart(2, '0')}` })),
      ),
    );
    renderList();
    await screen.findByRole('table', { name: 'Past papers' });
    expect(subjectsColumn()).toHaveLength(10);
    const nav = screen.getByRole('navigation', { name: 'Past papers pages' });
    expect(nav).toHaveTextContent('Page 1 of 3');
    await user.click(within(nav).getByRole('button', { name: 'Last' }));
    expect(subjectsColumn()).toEqual(['Subject 21', 'Subject 22', 'Subject 23']);
    await user.click(within(nav).getByRole('button', { name: 'Prev' }));
    expect(nav).toHaveTextContent('Page 2 of 3');
    expect(screen.getByTestId('location')).toHaveTextContent('page=2');
    await user.selectOptions(within(nav).getByLabelText('Per page'), '20');
    expect(nav).toHaveTextContent('Page 1 of 2');
    expect(subjectsColumn()).toHaveLength(20);
  });

  it('switches to the card view with subject, code, level, year, session and variant count', async () => {
    const user = userEvent.setup();
    renderList();
    await screen.findByRole('table', { name: 'Past papers' });
    await user.click(screen.getByRole('button', { name: 'Card View' }));
    const cards = screen.getByRole('list', { name: 'Past papers' });
    const economics = within(cards).getByRole('heading', { name: 'Economics' }).closest('li')!;
    expect(economics).toHaveTextContent('9708');
    expect(economics).toHaveTextContent('Cambridge A Level');
    expect(economics).toHaveTextContent('2025');
    expect(economics).toHaveTextContent('Feb/March');
    expect(economics).toHaveTextContent('Variants1');
    expect(within(economics).getByRole('link', { name: /Details/ })).toHaveAttribute('href', '/admin/past-papers/3');
    expect(screen.getByTestId('location')).toHaveTextContent('view=cards');
  });

  it('links each row to its details and to the details with download=true', async () => {
    renderList();
    await screen.findByRole('table', { name: 'Past papers' });
    expect(screen.getByRole('link', { name: 'View details of Biology 0610 Oct/Nov 2021' })).toHaveAttribute(
      'href',
      '/admin/past-papers/2',
    );
    expect(screen.getByRole('link', { name: 'Download Biology 0610 Oct/Nov 2021' })).toHaveAttribute(
      'href',
      '/admin/past-papers/2?download=true',
    );
  });

  it('asks before deleting, deletes, reloads the list; a failure shows in a dismissible banner', async () => {
    const user = userEvent.setup();
    const remove = jest
      .spyOn(api.pastPapers, 'remove')
      .mockResolvedValueOnce({ success: true })
      .mockRejectedValueOnce(new ApiError('API DELETE error: Not Found', 404, 'Past paper not found'));
    renderList();
    await screen.findByRole('table', { name: 'Past papers' });
    await user.click(screen.getByRole('button', { name: 'Delete Biology 0610 Oct/Nov 2021' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Past Paper' });
    expect(dialog).toHaveTextContent(
      'Are you sure you want to delete the past paper for Biology (0610)? This action cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith(2));
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));

    await user.click(screen.getByRole('button', { name: 'Delete Economics 9708 Feb/March 2025' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Past paper not found');
    await user.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says what happens to the linked documents of a paper being deleted', async () => {
    const user = userEvent.setup();
    jest.spyOn(api.pastPapers, 'get').mockResolvedValue({
      ...PAPERS[1]!,
      linked_documents: [
        {
          kind: 'mark_scheme',
          id: 5,
          paper_number: '2',
          file_name: 'ms.pdf',
          file_size: 1,
          downloads: 0,
          is_pdf: true,
        },
        {
          kind: 'mark_scheme',
          id: 6,
          paper_number: '4',
          file_name: 'ms4.pdf',
          file_size: 1,
          downloads: 0,
          is_pdf: true,
        },
        {
          kind: 'examiner_report',
          id: 9,
          paper_number: '',
          file_name: 'er.pdf',
          file_size: 1,
          downloads: 0,
          is_pdf: true,
        },
      ],
    });
    renderList();
    await screen.findByRole('table', { name: 'Past papers' });
    await user.click(screen.getByRole('button', { name: 'Delete Biology 0610 Oct/Nov 2021' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Past Paper' });
    await waitFor(() =>
      expect(dialog).toHaveTextContent(/Deleted with it: 1 variant, \d+ files?, 1 examiner report added for it\./),
    );
    expect(dialog).toHaveTextContent(
      'Kept: 2 mark schemes added for it, in Mark Schemes, no longer linked to a paper.',
    );
  });

  it("shows 'Processing your request...' while a delete runs", async () => {
    const user = userEvent.setup();
    let finish: (value: { success: true }) => void = () => undefined;
    jest.spyOn(api.pastPapers, 'remove').mockReturnValue(new Promise((resolve) => (finish = resolve)));
    renderList();
    await screen.findByRole('table', { name: 'Past papers' });
    expect(screen.queryByText('Processing your request...')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete Biology 0610 Oct/Nov 2021' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Processing your request...')).toBeInTheDocument();
    finish({ success: true });
    await waitFor(() => expect(screen.queryByText('Processing your request...')).not.toBeInTheDocument());
  });

  it('opens the edit modal from the row and from past-papers/edit/{id}, with the paper fetched whole by id', async () => {
    const user = userEvent.setup();
    const get = jest
      .spyOn(api.pastPapers, 'get')
      .mockResolvedValue(paperFixture({ id: 42, subject: 'Chemistry', code: '0620' }));
    renderList('/admin/past-papers/edit/42');
    expect(await screen.findByRole('dialog', { name: 'Edit Past Paper' })).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith(42);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/admin\/past-papers$/);
    await user.click(screen.getByRole('button', { name: 'Edit physics 0625 May/June 2023' }));
    expect(await screen.findByRole('dialog', { name: 'Edit Past Paper' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/past-papers/edit/1');
    expect(get).toHaveBeenLastCalledWith(1);
  });

  it("says 'Failed to load paper with ID {id} for editing.'", async () => {
    jest
      .spyOn(api.pastPapers, 'get')
      .mockRejectedValue(new ApiError('API GET error: Not Found', 404, 'Past paper not found'));
    renderList('/admin/past-papers/edit/77');
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load paper with ID 77 for editing.');
  });

  it("opens a fresh 'Add New Past Paper' modal each time", async () => {
    const user = userEvent.setup();
    renderList();
    await screen.findByRole('table', { name: 'Past papers' });
    await user.click(screen.getByRole('button', { name: 'Add New Paper' }));
    const dialog = screen.getByRole('dialog', { name: 'Add New Past Paper' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Variant' }));
    expect(within(dialog).getAllByRole('tab')).toHaveLength(2);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Add New Paper' }));
    expect(within(screen.getByRole('dialog')).getAllByRole('tab')).toHaveLength(1);
  });

  it("shows 'Failed to fetch past papers' when the list cannot load", async () => {
    list.mockRejectedValue(new Error(''));
    renderList();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch past papers');
  });
});
