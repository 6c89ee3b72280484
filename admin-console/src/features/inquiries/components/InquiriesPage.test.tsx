import { api, type Inquiry, type InquiryStatus } from '@ppl/shared-ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen } from '../../../../test/render';
import { InquiriesPage } from './InquiriesPage';

const inquiry = (id: number, name: string, status: InquiryStatus, message = 'Priority: medium\n\nHello'): Inquiry => ({
  id,
  name,
  email: `${name.toLowerCase()}@example.com`,
  subject: `Question ${id}`,
  message,
  status,
  created_at: '2026-11-20T09:30:00Z',
  updated_at: '2026-11-20T09:30:00Z',
});

const ROWS = [
  { ...inquiry(1, 'Amina', 'new', 'Priority: high\n\nWhere is 0625 2019?'), notification: 'sent' as const },
  inquiry(2, 'Brian', 'in_progress'),
  inquiry(3, 'Chen', 'resolved'),
];

function mockList(rows = ROWS, total = rows.length) {
  return jest.spyOn(api.inquiries, 'list').mockImplementation(async (_page = 1, limit = 10, status?: InquiryStatus) => {
    const matching = status ? rows.filter((r) => r.status === status) : rows;
    if (limit === 1) return { inquiries: matching.slice(0, 1), total: status ? matching.length : total };
    return { inquiries: matching.slice(0, limit), total: status ? matching.length : total };
  });
}

describe('InquiriesPage', () => {
  afterEach(() => jest.restoreAllMocks());

  it('shows the four stats, the table and a mailto link', async () => {
    mockList();
    renderScreen(<InquiriesPage />, { route: '/admin/inquiries' });
    const table = await screen.findByRole('table', { name: 'Inquiries' });
    await waitFor(() => expect(screen.getByRole('group', { name: 'Total' })).toHaveTextContent('3'));
    expect(screen.getByRole('group', { name: 'New' })).toHaveTextContent('1');
    expect(screen.getByRole('group', { name: 'In Progress' })).toHaveTextContent('1');
    expect(screen.getByRole('group', { name: 'Resolved' })).toHaveTextContent('1');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Name', 'Email', 'Subject', 'Date', 'Status', 'Actions']);
    expect(within(table).getByRole('link', { name: 'amina@example.com' })).toHaveAttribute(
      'href',
      'mailto:amina@example.com',
    );
    // Only the moves that change something are offered.
    const brian = within(table).getByRole('row', { name: /Brian/ });
    expect(within(brian).queryByRole('button', { name: /as In Progress/ })).not.toBeInTheDocument();
    expect(within(brian).getByRole('button', { name: /as Resolved/ })).toBeInTheDocument();
  });

  it('filters by status on the server and keeps it in the URL; searches the loaded page', async () => {
    const user = userEvent.setup();
    const list = mockList();
    renderScreen(<InquiriesPage />, { route: '/admin/inquiries' });
    await screen.findByRole('table', { name: 'Inquiries' });
    await user.selectOptions(screen.getByLabelText('Status'), 'resolved');
    await waitFor(() => expect(list).toHaveBeenCalledWith(1, 10, 'resolved'));
    expect(screen.getByTestId('location')).toHaveTextContent('status=resolved');
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
    await user.selectOptions(screen.getByLabelText('Status'), '');
    await user.type(screen.getByLabelText('Search inquiries'), '0625 2019');
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2));
    expect(within(screen.getByRole('table')).getByRole('row', { name: /Amina/ })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search inquiries'), 'zzz');
    expect(screen.getByText('No inquiries found.')).toBeInTheDocument();
  });

  it('shows details and moves an inquiry to in progress, then resolved, reloading each time', async () => {
    const user = userEvent.setup();
    const list = mockList();
    const setStatus = jest
      .spyOn(api.inquiries, 'setStatus')
      .mockImplementation(async (id, status) => ({ ...ROWS[0]!, id, status }));
    renderScreen(<InquiriesPage />, { route: '/admin/inquiries' });
    await user.click(await screen.findByRole('button', { name: 'View inquiry from Amina' }));
    const dialog = screen.getByRole('dialog', { name: 'Inquiry Details' });
    expect(dialog).toHaveTextContent('amina@example.com');
    expect(dialog).toHaveTextContent('Question 1');
    expect(dialog).toHaveTextContent('Where is 0625 2019?');
    expect(dialog).toHaveTextContent('New');
    // Whether the notification e-mail went out.
    expect(within(dialog).getByTestId('inquiry-notification')).toHaveTextContent(
      'E-mail sent to the notification address',
    );
    const calls = list.mock.calls.length;
    await user.click(within(dialog).getByRole('button', { name: 'Mark as In Progress' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(setStatus).toHaveBeenCalledWith(1, 'in_progress');
    await waitFor(() => expect(list.mock.calls.length).toBeGreaterThan(calls));
    await user.click(screen.getByRole('button', { name: 'Mark inquiry from Amina as Resolved' }));
    expect(setStatus).toHaveBeenLastCalledWith(1, 'resolved');
  });

  it("reports 'Failed to update inquiry status'", async () => {
    const user = userEvent.setup();
    mockList();
    jest.spyOn(api.inquiries, 'setStatus').mockRejectedValue(new Error(''));
    renderScreen(<InquiriesPage />, { route: '/admin/inquiries' });
    await user.click(await screen.findByRole('button', { name: 'Mark inquiry from Amina as In Progress' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update inquiry status');
  });

  it('pages with Previous, Page X of Y and Next when there are more than 10', async () => {
    const user = userEvent.setup();
    const many = Array.from({ length: 12 }, (_, i) => inquiry(i + 1, `Person${i + 1}`, 'new'));
    const list = jest.spyOn(api.inquiries, 'list').mockImplementation(async (page = 1, limit = 10) => ({
      inquiries: many.slice((page - 1) * limit, page * limit),
      total: many.length,
    }));
    renderScreen(<InquiriesPage />, { route: '/admin/inquiries' });
    await screen.findByRole('table', { name: 'Inquiries' });
    const nav = screen.getByRole('navigation', { name: 'Inquiries pages' });
    expect(nav).toHaveTextContent('Page 1 of 2');
    await user.click(within(nav).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(list).toHaveBeenCalledWith(2, 10, undefined));
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(3));
  });

  it('pages by the filesPerPage setting (settings that act)', async () => {
    jest
      .spyOn(api.settings, 'get')
      .mockResolvedValue({ filesPerPage: 5 } as Awaited<ReturnType<typeof api.settings.get>>);
    const many = Array.from({ length: 12 }, (_, i) => inquiry(i + 1, `Person${i + 1}`, 'new'));
    const list = jest.spyOn(api.inquiries, 'list').mockImplementation(async (page = 1, limit = 10) => ({
      inquiries: many.slice((page - 1) * limit, page * limit),
      total: many.length,
    }));
    renderScreen(<InquiriesPage />, { route: '/admin/inquiries' });
    await waitFor(() => expect(list).toHaveBeenCalledWith(1, 5, undefined));
    expect(await screen.findByRole('navigation', { name: 'Inquiries pages' })).toHaveTextContent('Page 1 of 3');
  });

  it('hides the pagination for one page and deletes after confirming', async () => {
    const user = userEvent.setup();
    mockList();
    const remove = jest.spyOn(api.inquiries, 'remove').mockResolvedValue({ success: true });
    renderScreen(<InquiriesPage />, { route: '/admin/inquiries' });
    await screen.findByRole('table', { name: 'Inquiries' });
    expect(screen.queryByRole('navigation', { name: 'Inquiries pages' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete inquiry from Chen' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Inquiry' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith(3));
  });

  it('shows the error of the inquiries reply as is', async () => {
    jest.spyOn(api.inquiries, 'list').mockRejectedValue(new Error('Invalid response format from server'));
    renderScreen(<InquiriesPage />, { route: '/admin/inquiries' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid response format from server');
  });
});
