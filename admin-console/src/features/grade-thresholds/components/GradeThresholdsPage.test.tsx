import { api, ApiError, type GradeThreshold } from '@ppl/shared-ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderScreen } from '../../../../test/render';
import { subjectFixture } from '../../../../test/fixtures';
import { GradeThresholdsPage } from './GradeThresholdsPage';

const row = (overrides: Partial<GradeThreshold>): GradeThreshold => ({
  id: 1,
  subject_id: 1,
  subject_name: 'Physics',
  subject_code: '0625',
  year: 2023,
  session: 'May/June',
  component: '12',
  max_marks: 80,
  boundaries: [
    { grade: 'A*', min_marks: 70 },
    { grade: 'A', min_marks: 60 },
  ],
  created_at: '2026-10-05T10:00:00.000Z',
  updated_at: '2026-10-05T10:00:00.000Z',
  ...overrides,
});

const ROWS = [
  row({ id: 1 }),
  row({ id: 2, subject_id: 2, subject_name: 'Chemistry', subject_code: '0620', component: 'Paper 2' }),
];

function setup() {
  jest.spyOn(api.gradeThresholds, 'list').mockResolvedValue(ROWS);
  jest
    .spyOn(api.subjects, 'list')
    .mockResolvedValue([subjectFixture(), subjectFixture({ id: 2, name: 'Chemistry', code: '0620' })]);
}

describe('GradeThresholdsPage', () => {
  afterEach(() => jest.restoreAllMocks());

  it('lists every row with its boundaries, and filters by subject', async () => {
    setup();
    const user = userEvent.setup();
    renderScreen(<GradeThresholdsPage />, { route: '/admin/grade-thresholds' });
    const table = await screen.findByRole('table', { name: 'Grade thresholds' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getAllByText('A* 70 · A 60')).toHaveLength(2);
    await screen.findByRole('option', { name: 'Chemistry (0620)' });
    await user.selectOptions(screen.getByLabelText('Subject'), 'Chemistry (0620)');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getByText('Paper 2')).toBeInTheDocument();
  });

  it('shows a refused boundary inline and sends nothing; a valid form sends numbers', async () => {
    setup();
    const create = jest.spyOn(api.gradeThresholds, 'create').mockResolvedValue(row({ id: 3 }));
    const user = userEvent.setup();
    renderScreen(<GradeThresholdsPage />, { route: '/admin/grade-thresholds' });
    await screen.findByRole('table', { name: 'Grade thresholds' });
    await screen.findByRole('option', { name: 'Chemistry (0620)' });
    await user.click(screen.getByRole('button', { name: 'Add Thresholds' }));
    const dialog = within(screen.getByRole('dialog'));
    await user.selectOptions(dialog.getByLabelText(/^Subject/), 'Physics (0625)');
    await user.clear(dialog.getByLabelText(/^Year/));
    await user.type(dialog.getByLabelText(/^Year/), '2022');
    await user.selectOptions(dialog.getByLabelText(/^Session/), 'Oct/Nov');
    await user.type(dialog.getByLabelText(/^Component/), '42');
    await user.type(dialog.getByLabelText(/^Maximum Mark/), '50');
    for (const [i, marks] of [45, 40, 41, 30, 20, 10].entries())
      await user.type(dialog.getByLabelText(`Minimum marks ${i + 1}`), String(marks));
    await user.click(dialog.getByRole('button', { name: 'Create Thresholds' }));
    expect(await dialog.findByText('The B boundary (41) must be lower than the A boundary (40)')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();

    await user.clear(dialog.getByLabelText('Minimum marks 3'));
    await user.type(dialog.getByLabelText('Minimum marks 3'), '35');
    await user.click(dialog.getByRole('button', { name: 'Create Thresholds' }));
    await waitFor(() => expect(create).toHaveBeenCalled());
    expect(create.mock.calls[0]![0]).toEqual({
      subject_id: 1,
      year: 2022,
      session: 'Oct/Nov',
      component: '42',
      max_marks: 50,
      boundaries: [
        { grade: 'A*', min_marks: 45 },
        { grade: 'A', min_marks: 40 },
        { grade: 'B', min_marks: 35 },
        { grade: 'C', min_marks: 30 },
        { grade: 'D', min_marks: 20 },
        { grade: 'E', min_marks: 10 },
      ],
    });
  });

  it("edits with the row's version and shows the server's 409", async () => {
    setup();
    const update = jest
      .spyOn(api.gradeThresholds, 'update')
      .mockRejectedValue(
        new ApiError(
          'Grade thresholds for Physics (0625) May/June 2023 component 12 already exist. Edit them instead of adding them again.',
          409,
          'Grade thresholds for Physics (0625) May/June 2023 component 12 already exist. Edit them instead of adding them again.',
        ),
      );
    const user = userEvent.setup();
    renderScreen(<GradeThresholdsPage />, { route: '/admin/grade-thresholds' });
    await screen.findByRole('table', { name: 'Grade thresholds' });
    await screen.findByRole('option', { name: 'Chemistry (0620)' });
    await user.click(screen.getByRole('button', { name: 'Edit Physics May/June 2023 component 12' }));
    const dialog = within(screen.getByRole('dialog'));
    await user.click(dialog.getByRole('button', { name: 'Update Thresholds' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    expect(update.mock.calls[0]![0]).toBe(1);
    expect(update.mock.calls[0]![1]).toMatchObject({ updated_at: '2026-10-05T10:00:00.000Z', max_marks: 80 });
    expect(await dialog.findByText(/component 12 already exist/)).toBeInTheDocument();
  });
});
