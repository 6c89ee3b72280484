import { api } from '@ppl/shared-ui';
import { screen, within } from '@testing-library/react';
import { makePaper, makeSubject, summaryOf } from '../../../../test/fixtures';
import { renderWithProviders } from '../../../../test/render';
import { RecentUploads } from './RecentUploads';

const physics = makeSubject({ name: 'Physics', code: '0625' });

describe('RecentUploads (home)', () => {
  afterEach(() => jest.restoreAllMocks());

  it('asks the server for the six newest papers only, never every paper, and lists them newest first', async () => {
    const recent = jest
      .spyOn(api.pastPapers, 'recent')
      .mockResolvedValue([
        summaryOf(makePaper(physics, { year: 2023, updated_at: '2026-01-01T00:00:00.000Z' })),
        summaryOf(makePaper(physics, { year: 2024, updated_at: '2026-03-01T00:00:00.000Z' })),
      ]);
    const all = jest.spyOn(api.pastPapers, 'summaries');
    renderWithProviders(<RecentUploads />);
    const list = await screen.findByTestId('recent-uploads');
    expect(recent).toHaveBeenCalledWith(6);
    expect(all).not.toHaveBeenCalled();
    const items = within(list).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByText(/^Updated /).textContent)).toEqual([
      'Updated Mar 1, 2026',
      'Updated Jan 1, 2026',
    ]);
  });

  it("says 'No papers uploaded yet' when there are none", async () => {
    jest.spyOn(api.pastPapers, 'recent').mockResolvedValue([]);
    renderWithProviders(<RecentUploads />);
    expect(await screen.findByText('No papers uploaded yet')).toBeInTheDocument();
  });
});
