import { api } from '@ppl/shared-ui';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makePaper, makeSubject, summaryOf } from '../../../../test/fixtures';
import { currentLocation, renderWithProviders } from '../../../../test/render';
import { PaperSearch } from './PaperSearch';

const physics = makeSubject({ name: 'Physics', code: '0625' });
const chemistry = makeSubject({ name: 'Chemistry', code: '0620' });
const papers = [
  makePaper(physics, { year: 2024, session: 'Oct/Nov' }),
  makePaper(physics, { year: 2023, session: 'May/June' }),
  makePaper(chemistry, { year: 2024, session: 'w' }),
];

describe('PaperSearch (home)', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    jest.spyOn(api.pastPapers, 'summaries').mockResolvedValue(papers.map(summaryOf)); // a new list per test: a fresh search cache
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  /** The debounce, then the simulated search (each timer is scheduled once React has rendered the last step). */
  const settle = () => {
    act(() => jest.advanceTimersByTime(300));
    act(() => jest.advanceTimersByTime(300));
  };

  /** The search as a student finds it: the papers are loaded once the box is used (here: clicked). */
  const setup = async (route = '/') => {
    const view = renderWithProviders(<PaperSearch />, { route });
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    const box = screen.getByRole('searchbox', { name: /search past papers/i });
    await user.click(box);
    await waitFor(() => expect(view.queryClient.getQueryData(['past-papers', 'summaries'])).toHaveLength(3));
    return { ...view, user, box };
  };

  it('loads every paper only when the student starts searching, not with the page', async () => {
    const summaries = jest.mocked(api.pastPapers.summaries);
    const view = renderWithProviders(<PaperSearch />, { route: '/' });
    act(() => jest.advanceTimersByTime(1000));
    expect(summaries).not.toHaveBeenCalled();
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    await user.type(screen.getByRole('searchbox', { name: /search past papers/i }), 'ph');
    await waitFor(() => expect(view.queryClient.getQueryData(['past-papers', 'summaries'])).toHaveLength(3));
    expect(summaries).toHaveBeenCalledTimes(1);
  });

  it('a search address (?q=) loads the papers at once and shows its results', async () => {
    renderWithProviders(<PaperSearch />, { route: '/?q=chem' });
    await waitFor(() => expect(api.pastPapers.summaries).toHaveBeenCalledTimes(1));
    act(() => jest.advanceTimersByTime(600));
    expect(await screen.findByRole('link', { name: 'Chemistry' })).toBeInTheDocument();
  });

  it('waits 300 ms after typing, shows the Searching skeleton for the simulated 300 ms, then result cards', async () => {
    const { user, box } = await setup();
    await user.type(box, 'PHYS');
    expect(screen.getByTestId('search-skeleton')).toHaveTextContent('Searching');

    act(() => jest.advanceTimersByTime(299));
    expect(currentLocation()).toBe('/');
    act(() => jest.advanceTimersByTime(1));
    // Debounced: the term is settled (and in the URL), the simulated search is running.
    expect(currentLocation()).toBe('/?q=PHYS');
    expect(screen.getByTestId('search-skeleton')).toBeInTheDocument();

    act(() => jest.advanceTimersByTime(300));
    expect(screen.queryByTestId('search-skeleton')).toBeNull();
    const links = screen.getAllByRole('link', { name: 'Physics' });
    expect(links).toHaveLength(2);
    expect(links[0]).toHaveAttribute('href', '/past-papers/subject/0625');
    expect(screen.getByText('2 results for “PHYS”')).toBeInTheDocument();
    expect(screen.getByText('Oct/Nov 2024 · 1 variant')).toBeInTheDocument();
  });

  it('answers a term it has searched before without the simulated delay (per-term cache)', async () => {
    const { user, box } = await setup();
    await user.type(box, 'phys');
    settle();
    expect(screen.getAllByRole('link', { name: 'Physics' })).toHaveLength(2);

    await user.clear(box);
    await user.type(box, 'chem');
    act(() => jest.advanceTimersByTime(300));
    // A new term: still searching after the debounce.
    expect(screen.getByTestId('search-skeleton')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(300));
    expect(screen.getByRole('link', { name: 'Chemistry' })).toBeInTheDocument();
    // Session display normalisation on the card: 'w' reads Winter.
    expect(screen.getByText('Winter 2024 · 1 variant')).toBeInTheDocument();

    await user.clear(box);
    await user.type(box, 'phys');
    act(() => jest.advanceTimersByTime(300));
    // Cached: the results are there as soon as the debounce settles.
    expect(screen.queryByTestId('search-skeleton')).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Physics' })).toHaveLength(2);
  });

  it("shows 'No results found' with 'Clear Search', which empties the box and the URL", async () => {
    const { user, box } = await setup();
    await user.type(box, 'astrology');
    settle();
    const results = screen.getByText('No results found').closest('div')!;
    await user.click(within(results).getByRole('button', { name: 'Clear Search' }));
    expect(box).toHaveValue('');
    expect(currentLocation()).toBe('/');
    expect(screen.queryByText('No results found')).toBeNull();
  });

  it('restores a shared link: ?q= fills the box and shows its results', async () => {
    await setup('/?q=chem');
    expect(screen.getByRole('searchbox')).toHaveValue('chem');
    act(() => jest.advanceTimersByTime(300));
    expect(screen.getByRole('link', { name: 'Chemistry' })).toBeInTheDocument();
  });

  it('never treats what was typed as HTML', async () => {
    const { user, box, container } = await setup();
    await user.type(box, '<img src=x onerror=alert(1)>');
    settle();
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByText('No results found')).toBeInTheDocument();
  });
});
