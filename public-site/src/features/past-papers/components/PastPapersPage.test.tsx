import { api, ApiError } from '@ppl/shared-ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makePaper, makeSubject, makeVariant, summaryOf } from '../../../../test/fixtures';
import { currentLocation, renderWithProviders } from '../../../../test/render';
import { PastPapersPage } from './PastPapersPage';

const maths = makeSubject({ name: 'Mathematics', code: '0580', description: 'Number, algebra and geometry.' });
const physics = makeSubject({ name: 'Physics', code: '0625', description: 'Motion and forces.' });
const chemistry = makeSubject({ name: 'Chemistry', code: '0620', description: 'Reactions.' });
const olevel = makeSubject({ name: 'Physics', code: '5054', level: 'cambridge-o-levels' });
const edexcelOlevel = makeSubject({ name: 'English', code: '4EA1', level: 'edexcel-o-levels' });

const igcsePapers = [
  makePaper(maths, { year: 2024, session: 'Oct/Nov' }, [
    makeVariant({ id: 501, version: 1, mark_scheme_path: 'mark-schemes/m.pdf' }),
  ]),
  makePaper(maths, { year: 2024, session: 'May/June' }),
  makePaper(maths, { year: 2023, session: 'Oct/Nov' }),
  makePaper(maths, { year: 2022, session: 'w' }),
  makePaper(physics, { year: 2021, session: 'May/June' }),
];

const everyPaper = [
  ...igcsePapers,
  makePaper(olevel),
  makePaper(edexcelOlevel),
  makePaper(edexcelOlevel, { year: 2020 }),
];

/** The listing reads the compact shape; opening a subject reads that subject with its papers whole. */
function mockApi() {
  const subjects = [maths, physics, chemistry, olevel, edexcelOlevel];
  jest.spyOn(api.subjects, 'list').mockResolvedValue(subjects);
  jest.spyOn(api.subjects, 'get').mockImplementation(async (id) => ({
    ...subjects.find((s) => s.id === id)!,
    papers: everyPaper.filter((p) => p.subject_id === id),
  }));
  return jest.spyOn(api.pastPapers, 'summaries').mockImplementation(async (filter = {}) => {
    if (filter.category === 'cambridge-igcse') return igcsePapers.map(summaryOf);
    if (filter.category) return [];
    return everyPaper.map(summaryOf);
  });
}

const render = (route: string) => renderWithProviders(<PastPapersPage />, { route, path: '/past-papers/:category?' });
const subjectNames = () =>
  screen.getAllByTestId('subject-group').map((li) => within(li).getByRole('heading', { level: 3 }).textContent);

describe('PastPapersPage', () => {
  afterEach(() => jest.restoreAllMocks());

  it('shows the category title, its stats and the subjects grouped, by name', async () => {
    const list = mockApi();
    render('/past-papers/cambridge-igcse');
    expect(screen.getByRole('heading', { level: 1, name: 'Cambridge IGCSE Past Papers' })).toBeInTheDocument();
    await waitFor(() => expect(subjectNames()).toEqual(['Chemistry', 'Mathematics', 'Physics']));
    expect(list).toHaveBeenCalledWith({ category: 'cambridge-igcse' });
    expect(screen.getByTestId('listing-stat-subjects')).toHaveTextContent('3');
    expect(screen.getByTestId('listing-stat-papers')).toHaveTextContent('5');
    expect(screen.getByTestId('listing-stat-mark-schemes')).toHaveTextContent('1');
    expect(screen.getByText(/Showing 3 of 3 subjects/)).toBeInTheDocument();
  });

  it('sorts by the four sorts and keeps the sort in the URL', async () => {
    mockApi();
    const user = userEvent.setup();
    render('/past-papers/cambridge-igcse');
    await waitFor(() => expect(subjectNames()).toHaveLength(3));
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect([...(sort as HTMLSelectElement).options].map((o) => o.text)).toEqual([
      'Subject Name',
      'Subject Code',
      'Number of Papers',
      'Recently Updated',
    ]);
    await user.selectOptions(sort, 'Number of Papers');
    expect(subjectNames()).toEqual(['Mathematics', 'Physics', 'Chemistry']);
    expect(currentLocation()).toBe('/past-papers/cambridge-igcse?sort=papers');
    await user.selectOptions(sort, 'Subject Code');
    expect(subjectNames()).toEqual(['Mathematics', 'Chemistry', 'Physics']);
  });

  it('restores sort, view and search from a shared link', async () => {
    mockApi();
    render('/past-papers/cambridge-igcse?sort=papers&view=list&q=motion');
    await waitFor(() => expect(subjectNames()).toEqual(['Physics']));
    expect(screen.getByRole('searchbox')).toHaveValue('motion');
    expect(screen.getByRole('button', { name: /List/ })).toHaveAttribute('aria-pressed', 'true');
  });

  it('grid shows the three latest year-session groups of a subject; list shows all of them', async () => {
    mockApi();
    const user = userEvent.setup();
    render('/past-papers/cambridge-igcse');
    await waitFor(() => expect(subjectNames()).toHaveLength(3));
    const mathsCard = () =>
      screen.getAllByTestId('subject-group').find((li) => li.textContent?.includes('Mathematics'))!;

    await user.click(within(mathsCard()).getByRole('button', { name: /Show papers/ }));
    expect((await within(mathsCard()).findAllByRole('heading', { level: 4 })).map((h) => h.textContent)).toEqual([
      'Oct/Nov 2024',
      'May/June 2024',
      'Oct/Nov 2023',
    ]);
    expect(within(mathsCard()).getByRole('link', { name: 'All 4 sessions of Mathematics' })).toHaveAttribute(
      'href',
      '/past-papers/subject/0580',
    );
    const download = within(mathsCard()).getByRole('link', {
      name: /Mark scheme for Mathematics \(0580\) Paper 1, Oct\/Nov 2024/,
    });
    expect(download).toHaveAttribute(
      'href',
      '/backend/api/past_papers.php?download_variant_id=501&variant_document_type=mark_scheme',
    );
    await user.click(within(mathsCard()).getByRole('button', { name: /Hide papers/ }));
    expect(within(mathsCard()).queryAllByRole('heading', { level: 4 })).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: /List/ }));
    expect(currentLocation()).toBe('/past-papers/cambridge-igcse?view=list');
    await user.click(within(mathsCard()).getByRole('button', { name: /Show papers/ }));
    expect((await within(mathsCard()).findAllByRole('heading', { level: 4 })).map((h) => h.textContent)).toEqual([
      'Oct/Nov 2024',
      'May/June 2024',
      'Oct/Nov 2023',
      'Winter 2022',
    ]);
  });

  it("searches by name, code or description, with 'No results found' and 'Clear Search'", async () => {
    mockApi();
    const user = userEvent.setup();
    render('/past-papers/cambridge-igcse');
    await waitFor(() => expect(subjectNames()).toHaveLength(3));
    const box = screen.getByRole('searchbox');
    await user.type(box, 'algebra');
    await waitFor(() => expect(subjectNames()).toEqual(['Mathematics']));
    await user.clear(box);
    await user.type(box, '0620');
    await waitFor(() => expect(subjectNames()).toEqual(['Chemistry']));
    await user.clear(box);
    await user.type(box, 'astrology');
    await screen.findByText('No results found');
    await user.click(screen.getByRole('button', { name: 'Clear Search' }));
    await waitFor(() => expect(subjectNames()).toHaveLength(3));
  });

  it('o-level shows every matching level from the full list', async () => {
    const list = mockApi();
    render('/past-papers/o-level');
    expect(screen.getByRole('heading', { level: 1, name: 'O Level Past Papers' })).toBeInTheDocument();
    await waitFor(() => expect(subjectNames()).toEqual(['English', 'Physics']));
    expect(list).toHaveBeenCalledWith();
    expect(screen.getByTestId('listing-stat-papers')).toHaveTextContent('3');
  });

  it("lists from the compact shape and loads a subject's files only when it is opened", async () => {
    mockApi();
    const full = jest.spyOn(api.pastPapers, 'list');
    const user = userEvent.setup();
    render('/past-papers/cambridge-igcse');
    await waitFor(() => expect(subjectNames()).toHaveLength(3));
    expect(api.subjects.get).not.toHaveBeenCalled();
    const mathsCard = screen.getAllByTestId('subject-group').find((li) => li.textContent?.includes('Mathematics'))!;
    await user.click(within(mathsCard).getByRole('button', { name: /Show papers/ }));
    await within(mathsCard).findAllByRole('heading', { level: 4 });
    expect(api.subjects.get).toHaveBeenCalledTimes(1);
    expect(api.subjects.get).toHaveBeenCalledWith(maths.id);
    expect(full).not.toHaveBeenCalled();
  });

  it("shows 'Unable to Load Content' with 'Try Again', which loads again", async () => {
    mockApi();
    const list = jest
      .spyOn(api.pastPapers, 'summaries')
      .mockRejectedValueOnce(new ApiError('API GET error: Service Unavailable', 503));
    const user = userEvent.setup();
    render('/past-papers/cambridge-igcse');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Unable to Load Content');
    expect(alert).toHaveTextContent('API GET error: Service Unavailable');
    list.mockResolvedValue(igcsePapers.map(summaryOf));
    await user.click(within(alert).getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(subjectNames()).toHaveLength(3));
  });

  it('says so when a category has no subjects yet', async () => {
    mockApi();
    render('/past-papers/vocational');
    expect(await screen.findByText('No subjects in this category yet')).toBeInTheDocument();
  });
});
