import { api, ApiError } from '@ppl/shared-ui';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen } from '../../../../test/render';
import { DashboardPage } from './DashboardPage';

describe('DashboardPage', () => {
  afterEach(() => jest.restoreAllMocks());

  it("shows 'Loading dashboard...' and then four stat cards with en-US numbers", async () => {
    jest.spyOn(api.dashboard, 'stats').mockResolvedValue({
      totalPapers: 1234,
      totalUsers: 56789,
      totalDownloads: 1000000,
      totalReports: 17,
      recentActivity: [{ id: 1, description: 'Past paper Physics 0625 created', timestamp: '2026-11-20T10:00:00Z' }],
      topResources: [
        {
          id: 'past-paper-9',
          title: 'Physics 0625 2024 May/June Paper 1',
          type: 'past-paper',
          downloads: 4321,
          lastAccessed: '2026-11-21T08:00:00Z',
        },
      ],
    });
    renderScreen(<DashboardPage />);
    expect(screen.getByText('Loading dashboard...')).toBeInTheDocument();
    expect(await screen.findByRole('group', { name: 'Active Students' })).toHaveTextContent('56,789');
    expect(screen.getByRole('group', { name: 'Examiner Reports' })).toHaveTextContent('17');
    expect(screen.getByRole('group', { name: 'Past Papers' })).toHaveTextContent('1,234');
    expect(screen.getByRole('group', { name: 'Total Downloads' })).toHaveTextContent('1,000,000');
    const activity = screen.getByRole('region', { name: 'Recent Activity' });
    expect(within(activity).getByText('Past paper Physics 0625 created')).toBeInTheDocument();
    const top = screen.getByRole('region', { name: 'Top Resources' });
    expect(within(top).getByText('Physics 0625 2024 May/June Paper 1')).toBeInTheDocument();
    expect(within(top).getByText('4,321 downloads')).toBeInTheDocument();
  });

  it('shows an error as is, with a retry that loads the dashboard', async () => {
    const stats = jest
      .spyOn(api.dashboard, 'stats')
      .mockRejectedValueOnce(new ApiError('API GET error: Forbidden', 403, 'Admins only'));
    renderScreen(<DashboardPage />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Admins only');
    stats.mockResolvedValue({ totalPapers: 7, totalUsers: 2, totalDownloads: 3, totalReports: 4 });
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('group', { name: 'Examiner Reports' })).toHaveTextContent('4');
  });

  it("says 'No dashboard data available' when there is none", async () => {
    jest
      .spyOn(api.dashboard, 'stats')
      .mockResolvedValue(null as unknown as Awaited<ReturnType<typeof api.dashboard.stats>>);
    renderScreen(<DashboardPage />);
    expect(await screen.findByText('No dashboard data available')).toBeInTheDocument();
  });
});
