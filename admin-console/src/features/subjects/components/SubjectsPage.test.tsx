import { api, ApiError, type Subject } from '@ppl/shared-ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen } from '../../../../test/render';
import { SubjectsPage, subjectDeleteMessage } from './SubjectsPage';

const subject = (
  id: number,
  name: string,
  code: string,
  level: Subject['level'],
  description: string | null = null,
): Subject => ({
  id,
  name,
  code,
  level,
  description,
  paper_count: id,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
});

const SUBJECTS = [
  subject(1, 'Physics', '0625', 'cambridge-igcse', 'Motion and forces'),
  subject(2, 'Economics', '9708', 'cambridge-a-levels'),
  subject(3, 'Business Studies', 'VOC-BUS', 'vocational'),
];

describe('SubjectsPage', () => {
  let list: jest.SpyInstance;
  beforeEach(() => {
    list = jest.spyOn(api.subjects, 'list').mockResolvedValue(SUBJECTS);
  });
  afterEach(() => jest.restoreAllMocks());

  it('groups cards under level headings with paper counts and links', async () => {
    renderScreen(<SubjectsPage />, { route: '/admin/subjects' });
    expect(await screen.findByRole('heading', { name: 'Cambridge IGCSE' })).toBeInTheDocument();
    const igcse = screen.getByRole('region', { name: 'Cambridge IGCSE' });
    expect(within(igcse).getByRole('heading', { name: 'Physics' })).toBeInTheDocument();
    expect(within(igcse).getByText('Motion and forces')).toBeInTheDocument();
    expect(within(igcse).getByText('1 paper')).toBeInTheDocument();
    expect(within(igcse).getByRole('link', { name: 'View Papers' })).toHaveAttribute('href', '/subjects/0625');
    expect(within(igcse).getByRole('link', { name: 'Edit Physics (0625)' })).toHaveAttribute(
      'href',
      '/admin/subjects/edit/1',
    );
    // No description: name plus level.
    expect(screen.getByText('Economics - Cambridge A Level')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Subject' })).toHaveAttribute('href', '/admin/subjects/new');
  });

  it('searches by name, code or level and keeps the term in the URL', async () => {
    const user = userEvent.setup();
    renderScreen(<SubjectsPage />, { route: '/admin/subjects' });
    await screen.findByRole('heading', { name: 'Physics' });
    await user.type(screen.getByLabelText('Search subjects'), 'vocational');
    expect(screen.getByRole('heading', { name: 'Business Studies' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Physics' })).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/subjects?q=vocational');
    await user.clear(screen.getByLabelText('Search subjects'));
    await user.type(screen.getByLabelText('Search subjects'), 'zzz');
    expect(screen.getByText('No subjects found')).toBeInTheDocument();
  });

  it('pages by 12 with Previous and Next', async () => {
    const user = userEvent.setup();
    list.mockResolvedValue(
      Array.from({ length: 14 }, (_, i) =>
        subject(i + 1, `Subject ${String(i + 1).padStart(2, '0')}`, `C${i + 1}`, 'other'),
      ),
    );
    renderScreen(<SubjectsPage />, { route: '/admin/subjects' });
    await screen.findByRole('heading', { name: 'Subject 01' });
    expect(screen.getAllByRole('listitem')).toHaveLength(12);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByTestId('location')).toHaveTextContent('page=2');
  });

  it("shows 'Failed to load subjects. Please try again later.' with Retry", async () => {
    const user = userEvent.setup();
    list
      .mockRejectedValueOnce(new ApiError('API GET error: Internal Server Error', 500))
      .mockResolvedValueOnce(SUBJECTS);
    renderScreen(<SubjectsPage />, { route: '/admin/subjects' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load subjects. Please try again later.');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Physics' })).toBeInTheDocument();
  });

  it('confirms a delete with the spec wording, explains a refusal, and reloads after success', async () => {
    const user = userEvent.setup();
    const remove = jest
      .spyOn(api.subjects, 'remove')
      .mockRejectedValueOnce(new ApiError('API DELETE error: Conflict', 409, 'Subject has related past papers'))
      .mockResolvedValueOnce({ success: true });
    renderScreen(<SubjectsPage />, { route: '/admin/subjects' });
    await user.click(await screen.findByRole('button', { name: 'Delete Physics (0625)' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Subject' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete Physics? This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Cannot delete this subject because it has past papers associated with it. Please reassign or delete these papers first.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(remove).toHaveBeenCalledWith(1);
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));
  });

  it('words other delete failures as "Failed to delete subject: {message}"', () => {
    expect(subjectDeleteMessage(new ApiError('API DELETE error: Not Found', 404, 'Subject not found'))).toBe(
      'Failed to delete subject: Subject not found',
    );
    expect(subjectDeleteMessage(undefined)).toBe('Failed to delete subject: An unknown error occurred');
  });
});
