import { api, ApiError } from '@ppl/shared-ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makePaper, makeSubject, makeVariant } from '../../../../test/fixtures';
import { currentLocation, renderWithProviders } from '../../../../test/render';
import { SubjectPage } from './SubjectPage';

const physics = makeSubject({
  id: 7,
  name: 'Physics',
  code: 'WPH11',
  level: 'edexcel-a-levels',
  description: 'Mechanics and materials.',
});
const other = makeSubject({ id: 8, name: 'Chemistry', code: '0620' });
const papers = [
  makePaper(physics, { year: 2024, session: 'Oct/Nov' }, [
    makeVariant({
      id: 71,
      version: 1,
      document_downloads: 5,
      mark_scheme_path: 'mark-schemes/1.pdf',
      examiner_report_path: 'examiner-reports/1.pdf',
    }),
    makeVariant({ id: 72, version: 2, document_downloads: 9, mark_scheme_path: 'mark-schemes/2.pdf' }),
  ]),
  makePaper(physics, { year: 2023, session: 's' }, [makeVariant({ id: 73, version: 1, document_downloads: 1 })]),
];

const coverage = { subject: physics, columns: [], sessions: [], missing_mark_schemes: 0 };

/** The BFF's /pages/subject: found by code in any letter case, 404 otherwise. */
function mockApi() {
  const page = jest.spyOn(api.pages, 'subject').mockImplementation(async (code: string) => {
    const subject = [other, physics].find((s) => s.code.toLowerCase() === code.toLowerCase());
    if (!subject) throw new ApiError(`Subject with code ${code} not found.`, 404);
    return { subject: { ...subject, papers: subject === physics ? papers : [] }, coverage };
  });
  const list = jest.spyOn(api.subjects, 'list');
  const get = jest.spyOn(api.subjects, 'get');
  const bySubject = jest.spyOn(api.pastPapers, 'list');
  return { page, list, get, bySubject };
}

const render = (route: string) =>
  renderWithProviders(<SubjectPage />, {
    route,
    path: route.startsWith('/subjects') ? '/subjects/:code?' : '/past-papers/subject/:code?',
  });
const titles = () =>
  screen
    .getAllByTestId('resource')
    .filter((el) => !el.closest('[hidden]'))
    .map((el) => within(el).getByRole(el.tagName === 'TR' ? 'rowheader' : 'heading').textContent);

describe('SubjectPage', () => {
  afterEach(() => jest.restoreAllMocks());

  it('finds the subject by code case-insensitively and shows breadcrumb, stats and tab counts', async () => {
    const { page } = mockApi();
    render('/subjects/wph11');
    expect(await screen.findByRole('heading', { level: 1, name: 'Physics' })).toBeInTheDocument();
    expect(page).toHaveBeenCalledWith('wph11');
    const crumbs = screen.getByRole('navigation', { name: 'Breadcrumb' });
    expect(
      within(crumbs)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Home', 'Past Papers', 'Physics']);
    expect(within(crumbs).getByRole('link', { name: 'Past Papers' })).toHaveAttribute('href', '/past-papers');
    await waitFor(() => expect(screen.getByRole('tab', { name: /Past Papers/ })).toHaveTextContent('Past Papers3'));
    expect(screen.getByRole('tab', { name: /Mark Schemes/ })).toHaveTextContent('Mark Schemes2');
    expect(screen.getByRole('tab', { name: /Examiner Reports/ })).toHaveTextContent('Examiner Reports1');
    expect(screen.getByTestId('subject-stat-downloads')).toHaveTextContent('15');
  });

  it('reads the whole page in one request: no subject list, no second read for papers', async () => {
    const { page, list, get, bySubject } = mockApi();
    render('/past-papers/subject/WPH11');
    await waitFor(() => expect(titles()).toHaveLength(3));
    expect(page).toHaveBeenCalledTimes(1);
    expect(list).not.toHaveBeenCalled();
    expect(get).not.toHaveBeenCalled();
    expect(bySubject).not.toHaveBeenCalled();
  });

  it('groups the grid by year and session (normalised), collapsible, with View and Download links', async () => {
    mockApi();
    const user = userEvent.setup();
    render('/subjects/WPH11');
    await waitFor(() => expect(titles()).toHaveLength(3));
    const toggles = screen.getAllByRole('button', { expanded: true });
    expect(toggles.map((b) => b.textContent)).toEqual(['Oct/Nov 20242 documents', 'Summer 20231 document']);
    await user.click(toggles[0]!);
    expect(toggles[0]).toHaveAttribute('aria-expanded', 'false');
    expect(titles()).toEqual(['Physics Paper 1']);

    const download = screen.getByRole('link', { name: /^Download Physics Paper 1, Summer 2023/ });
    expect(download).toHaveAttribute(
      'href',
      '/backend/api/past_papers.php?download_variant_id=73&variant_document_type=document',
    );
    const view = screen.getByRole('link', { name: /^View Physics Paper 1, Summer 2023/ });
    // View reads the paper in the site's viewer, in the same tab.
    expect(view.getAttribute('href')).toMatch(/^\/papers\/\d+\/view\?variant=73$/);
    expect(view).not.toHaveAttribute('target');
  });

  it('switches tabs, sorts and searches, keeping tab, sort and view in the URL', async () => {
    mockApi();
    const user = userEvent.setup();
    render('/subjects/WPH11');
    await waitFor(() => expect(titles()).toHaveLength(3));

    await user.click(screen.getByRole('button', { name: /List/ }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Most Downloaded');
    expect(titles()).toEqual(['Physics Paper 2', 'Physics Paper 1', 'Physics Paper 1']);
    expect(screen.getByRole('table')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: /Mark Schemes/ }));
    expect(currentLocation()).toBe('/subjects/WPH11?view=list&sort=downloads&tab=mark-schemes');
    expect(titles()).toEqual(['Physics Paper 1 Mark Scheme', 'Physics Paper 2 Mark Scheme']);

    await user.type(screen.getByRole('searchbox'), 'paper 2');
    await waitFor(() => expect(titles()).toEqual(['Physics Paper 2 Mark Scheme']));
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'zzz');
    await screen.findByText('No results found');
  });

  it("shows 'Subject Not Found' with 'Subject with code {code} not found.'", async () => {
    mockApi();
    render('/subjects/NOPE1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Subject Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Subject with code NOPE1 not found.')).toBeInTheDocument();
  });

  it("shows 'No subject code provided in URL.' without a code", async () => {
    mockApi();
    render('/past-papers/subject');
    expect(screen.getByRole('heading', { level: 1, name: 'Subject Not Found' })).toBeInTheDocument();
    expect(screen.getByText('No subject code provided in URL.')).toBeInTheDocument();
  });

  it('explains a failed load and tries again', async () => {
    mockApi();
    jest.spyOn(api.pages, 'subject').mockRejectedValueOnce(new ApiError('API GET error: Internal Server Error', 500));
    const user = userEvent.setup();
    render('/subjects/WPH11');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Unable to Load Content');
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(titles()).toHaveLength(3));
  });
});
