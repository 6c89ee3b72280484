import { api, ApiError, type Subject } from '@ppl/shared-ui';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router';
import { formEntries, renderScreen } from '../../../../test/render';
import { SubjectFormPage } from './SubjectFormPage';

const physics: Subject = {
  id: 7,
  name: 'Physics',
  code: '0625',
  level: 'cambridge-igcse',
  description: 'Motion and forces',
  paper_count: 3,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
};

const listRoute = <Route path="/admin/subjects" element={<p>Subjects list</p>} />;

describe('SubjectFormPage', () => {
  beforeEach(() => {
    jest.spyOn(api.subjects, 'list').mockResolvedValue([physics]);
  });
  afterEach(() => jest.restoreAllMocks());

  it('requires name and code, keeps codes URL-safe and unique', async () => {
    const user = userEvent.setup();
    const create = jest.spyOn(api.subjects, 'create');
    renderScreen(<SubjectFormPage />, { route: '/admin/subjects/new', path: '/admin/subjects/new', routes: listRoute });
    expect(screen.getByLabelText(/^Level/)).toHaveValue('cambridge-o-levels');
    await user.click(screen.getByRole('button', { name: 'Create Subject' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Code is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^Subject Code/), 'a b/c');
    await user.click(screen.getByRole('button', { name: 'Create Subject' }));
    expect(await screen.findByText('Code may only contain letters, numbers and hyphens')).toBeInTheDocument();
    await waitFor(() => expect(api.subjects.list).toHaveBeenCalled());
    await user.clear(screen.getByLabelText(/^Subject Code/));
    await user.type(screen.getByLabelText(/^Subject Code/), '0625');
    await user.click(screen.getByRole('button', { name: 'Create Subject' }));
    expect(await screen.findByText('A subject with this code already exists')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });

  it('creates a subject as multipart and returns to the list', async () => {
    const user = userEvent.setup();
    const create = jest
      .spyOn(api.subjects, 'create')
      .mockResolvedValue({ ...physics, id: 8, name: 'Chemistry', code: '0620' });
    renderScreen(<SubjectFormPage />, { route: '/admin/subjects/new', path: '/admin/subjects/new', routes: listRoute });
    await user.type(screen.getByLabelText(/^Subject Name/), 'Chemistry');
    await user.type(screen.getByLabelText(/^Subject Code/), '0620');
    await user.selectOptions(screen.getByLabelText(/^Level/), 'cambridge-igcse');
    await user.click(screen.getByRole('button', { name: 'Create Subject' }));
    expect(await screen.findByText('Subjects list')).toBeInTheDocument();
    expect(formEntries(create.mock.calls[0]![0])).toEqual({
      name: 'Chemistry',
      code: '0620',
      level: 'cambridge-igcse',
      description: '',
    });
  });

  it("edits a subject, offering 'Update Subject', and shows 'Failed to update subject: {reason}'", async () => {
    const user = userEvent.setup();
    jest.spyOn(api.subjects, 'get').mockResolvedValue(physics);
    const update = jest
      .spyOn(api.subjects, 'update')
      .mockRejectedValueOnce(new ApiError('API upload error: Conflict', 409, 'Subject code already exists'))
      .mockResolvedValueOnce(physics);
    renderScreen(<SubjectFormPage />, {
      route: '/admin/subjects/edit/7',
      path: '/admin/subjects/edit/:id',
      routes: listRoute,
    });
    expect(await screen.findByDisplayValue('Physics')).toBeInTheDocument();
    // Its own code does not count as taken.
    await user.clear(screen.getByLabelText(/^Description/));
    await user.click(screen.getByRole('button', { name: 'Update Subject' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update subject: Subject code already exists');
    await user.click(screen.getByRole('button', { name: 'Update Subject' }));
    expect(await screen.findByText('Subjects list')).toBeInTheDocument();
    expect(update.mock.calls[1]![0]).toBe(7);
    expect(formEntries(update.mock.calls[1]![1])).toMatchObject({ name: 'Physics', code: '0625', description: '' });
  });

  it("says 'Failed to load subject data. Please try again.' when the subject cannot be loaded", async () => {
    jest
      .spyOn(api.subjects, 'get')
      .mockRejectedValue(new ApiError('API GET error: Not Found', 404, 'Subject not found'));
    renderScreen(<SubjectFormPage />, { route: '/admin/subjects/edit/99', path: '/admin/subjects/edit/:id' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load subject data. Please try again.');
  });

  it('Cancel and Back to Subjects lead to the list', async () => {
    const user = userEvent.setup();
    renderScreen(<SubjectFormPage />, { route: '/admin/subjects/new', path: '/admin/subjects/new', routes: listRoute });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Subjects list')).toBeInTheDocument();
  });
});
