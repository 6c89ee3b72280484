import { api } from '@ppl/shared-ui';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../../../test/render';
import { EDUCATION_QUOTES, QuoteRotator, TypedTitle } from './HomeHero';
import { HomeStats } from './HomeStats';

describe('TypedTitle', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('types the brand title at 150 ms per letter while the heading keeps the whole name', () => {
    render(<TypedTitle text="Past Paper" />);
    const typed = screen.getByTestId('typed-title');
    expect(typed).toHaveTextContent(/^$/);
    expect(screen.getByRole('heading', { level: 1, name: 'Past Paper' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(149));
    expect(typed.textContent).toBe('');
    act(() => jest.advanceTimersByTime(1));
    expect(typed.textContent).toBe('P');
    act(() => jest.advanceTimersByTime(150 * 3));
    expect(typed.textContent).toBe('Past');
    act(() => jest.advanceTimersByTime(150 * 20));
    expect(typed.textContent).toBe('Past Paper');
  });

  it('shows the whole title at once for people who prefer reduced motion', () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({
      matches: query.includes('reduce'),
      media: query,
    })) as unknown as typeof window.matchMedia;
    try {
      render(<TypedTitle text="Past Paper Library" />);
      expect(screen.getByTestId('typed-title').textContent).toBe('Past Paper Library');
    } finally {
      window.matchMedia = original;
    }
  });
});

describe('QuoteRotator', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('rotates the education quotes every 10 s and wraps around', () => {
    render(<QuoteRotator />);
    const quote = () => screen.getByTestId('education-quote').textContent;
    expect(quote()).toContain(EDUCATION_QUOTES[0].text);
    act(() => jest.advanceTimersByTime(9_999));
    expect(quote()).toContain(EDUCATION_QUOTES[0].text);
    act(() => jest.advanceTimersByTime(1));
    expect(quote()).toContain(EDUCATION_QUOTES[1].text);
    act(() => jest.advanceTimersByTime(10_000 * (EDUCATION_QUOTES.length - 1)));
    expect(quote()).toContain(EDUCATION_QUOTES[0].text);
  });

  it('can be paused and played again', async () => {
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    render(<QuoteRotator />);
    await user.click(screen.getByRole('button', { name: 'Pause quotes' }));
    act(() => jest.advanceTimersByTime(30_000));
    expect(screen.getByTestId('education-quote')).toHaveTextContent(EDUCATION_QUOTES[0].text);
    await user.click(screen.getByRole('button', { name: 'Play quotes' }));
    // Hovering a quote also holds it; move the pointer away.
    await user.unhover(screen.getByTestId('education-quote'));
    act(() => jest.advanceTimersByTime(10_000));
    expect(screen.getByTestId('education-quote')).toHaveTextContent(EDUCATION_QUOTES[1].text);
  });
});

describe('HomeStats', () => {
  afterEach(() => jest.restoreAllMocks());

  it("shows total papers, 'Students Helped', downloads in en-US format and the fixed 4.9/5 rating", async () => {
    jest
      .spyOn(api.dashboard, 'stats')
      .mockResolvedValue({ totalPapers: 1234, totalUsers: 56789, totalDownloads: 1234567 });
    renderWithProviders(<HomeStats />);
    expect(screen.getByTestId('stat-rating')).toHaveTextContent('4.9/5');
    await waitFor(() => expect(screen.getByTestId('stat-past-papers')).toHaveTextContent('1,234'));
    expect(screen.getByTestId('stat-students-helped')).toHaveTextContent('Students Helped');
    expect(screen.getByTestId('stat-students-helped')).toHaveTextContent('56,789');
    expect(screen.getByTestId('stat-downloads')).toHaveTextContent('1,234,567');
  });
});
