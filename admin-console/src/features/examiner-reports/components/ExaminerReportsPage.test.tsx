import { api, type ExaminerReport } from '@ppl/shared-ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paperFixture, summaryOf, variantFixture } from '../../../../test/fixtures';
import { formEntries, makeFile, renderScreen } from '../../../../test/render';
import { ExaminerReportsPage } from './ExaminerReportsPage';

const report = (overrides: Partial<ExaminerReport>): ExaminerReport => ({
  id: 1,
  past_paper_id: 10,
  subject: 'Physics',
  code: '0625',
  paper_number: '2',
  year: 2024,
  session: 'May/June',
  summary: 'Candidates did well.',
  file_url: '/files/examiner-reports/er-physics.pdf',
  downloads: 3,
  file_size: 20480,
  file_name: null,
  views: 0,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
  ...overrides,
});

const REPORTS = [
  report({ id: 1 }),
  report({ id: 2, subject: 'Biology', code: '0610', paper_number: '4', file_url: '/files/examiner-reports/bio.docx' }),
];
const PAPERS = [
  paperFixture({ id: 11, subject: 'Physics', code: '0625', year: 2024 }),
  paperFixture({ id: 10, subject: 'Biology', code: '0610', year: 2023 }),
];

async function openForm(button = 'Add Examiner Report') {
  const user = userEvent.setup({ applyAccept: false });
  renderScreen(<ExaminerReportsPage />, { route: '/admin/examiner-reports' });
  await screen.findByRole('table', { name: 'Examiner reports' });
  await user.click(screen.getByRole('button', { name: button }));
  return { user, dialog: within(screen.getByRole('dialog')) };
}

describe('ExaminerReportsPage', () => {
  let list: jest.SpyInstance;
  beforeEach(() => {
    list = jest.spyOn(api.examinerReports, 'list').mockResolvedValue(REPORTS);
    jest.spyOn(api.pastPapers, 'summaries').mockResolvedValue(PAPERS.map(summaryOf));
  });
  afterEach(() => jest.restoreAllMocks());

  it('counts the reports inside variants too, so the total matches the dashboard (issue 11)', async () => {
    const linked = (id: number) => ({
      kind: 'examiner_report' as const,
      id,
      paper_number: '2',
      file_name: null,
      file_size: 1,
      downloads: 0,
      is_pdf: true,
    });
    jest.spyOn(api.pastPapers, 'list').mockResolvedValue([
      paperFixture({
        id: 10,
        variants: [variantFixture({ id: 100, examiner_report_path: 'er/a.pdf', examiner_report_views: 5 })],
        linked_documents: [linked(1), linked(2)],
      }),
    ]);
    renderScreen(<ExaminerReportsPage />, { route: '/admin/examiner-reports' });
    expect(await screen.findByTestId('document-totals')).toHaveTextContent(
      '3 examiner reports reach students: 2 added here and 1 attached inside past papers',
    );
    const inside = screen.getByRole('table', { name: 'Examiner Reports inside past papers' });
    expect(within(inside).getByRole('row', { name: /Physics/ })).toHaveTextContent('Paper 1');
  });

  it('lists reports with every column and searches subject, code, paper number and file name', async () => {
    const user = userEvent.setup();
    renderScreen(<ExaminerReportsPage />, { route: '/admin/examiner-reports' });
    const table = await screen.findByRole('table', { name: 'Examiner reports' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
      'Subject',
      'Code',
      'Paper Number',
      'Year',
      'Session',
      'File',
      'Downloads',
      'Views',
      'Created At',
      'Actions',
    ]);
    const physics = within(table).getByRole('row', { name: /Physics/ });
    expect(physics).toHaveTextContent('Nov 1, 2026');
    expect(within(physics).getByRole('link', { name: /^View/ })).toHaveAttribute(
      'href',
      '/backend/api/examiner_reports.php?download_id=1&inline=1',
    );
    expect(within(physics).getByRole('link', { name: /^Download/ })).toHaveAttribute(
      'href',
      '/backend/api/examiner_reports.php?download_id=1',
    );
    await user.type(screen.getByLabelText('Search examiner reports'), 'bio.docx');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByRole('row', { name: /Biology/ })).toBeInTheDocument();
  });

  it('requires past paper, paper number, summary and, on create, a file', async () => {
    const create = jest.spyOn(api.examinerReports, 'create');
    const { user, dialog } = await openForm();
    // The past paper defaults to the first in the list.
    await waitFor(() => expect(dialog.getByLabelText(/^Past Paper/)).toHaveValue('10'));
    await user.selectOptions(dialog.getByLabelText(/^Past Paper/), '');
    await user.click(dialog.getByRole('button', { name: 'Create Report' }));
    expect(await dialog.findByText('Past paper is required')).toBeInTheDocument();
    expect(dialog.getByText('Paper number is required')).toBeInTheDocument();
    expect(dialog.getByText('Summary is required')).toBeInTheDocument();
    expect(dialog.getByText('Examiner report file is required')).toBeInTheDocument();
    await user.upload(dialog.getByLabelText(/^Report File/), makeFile('report.txt', 'text/plain'));
    expect(await dialog.findByText('Please select a valid file type (PDF, DOC, DOCX)')).toBeInTheDocument();
    await user.upload(
      dialog.getByLabelText(/^Report File/),
      makeFile('report.pdf', 'application/pdf', 11 * 1024 * 1024),
    );
    expect(await dialog.findByText('File size must be less than 10MB')).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });

  it('creates as multipart past_paper_id, paper_number, summary, file and reloads the list', async () => {
    const create = jest.spyOn(api.examinerReports, 'create').mockResolvedValue(report({ id: 3 }));
    const { user, dialog } = await openForm();
    await waitFor(() => expect(dialog.getByLabelText(/^Past Paper/)).toHaveValue('10'));
    await user.type(dialog.getByLabelText(/^Paper Number/), '21');
    await user.type(dialog.getByLabelText(/^Summary/), 'Good answers on waves.');
    await user.upload(
      dialog.getByLabelText(/^Report File/),
      makeFile('er.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
    );
    await user.click(dialog.getByRole('button', { name: 'Create Report' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(formEntries(create.mock.calls[0]![0])).toEqual({
      past_paper_id: '10',
      paper_number: '21',
      summary: 'Good answers on waves.',
      file: 'file:er.docx',
    });
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));
  });

  it("keeps the stored file when the file is left blank on edit and says 'Failed to save report' on failure", async () => {
    const update = jest
      .spyOn(api.examinerReports, 'update')
      .mockRejectedValueOnce(new Error(''))
      .mockResolvedValueOnce(report({}));
    const { user, dialog } = await openForm('Edit Physics (0625) paper 2');
    await user.click(dialog.getByRole('button', { name: 'Update Report' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Failed to save report');
    await user.click(dialog.getByRole('button', { name: 'Update Report' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(2));
    expect(update.mock.calls[1]![0]).toBe(1);
    expect(formEntries(update.mock.calls[1]![1])).toEqual({
      past_paper_id: '10',
      paper_number: '2',
      summary: 'Candidates did well.',
      updated_at: '2026-11-01T10:00:00Z', // the version the form was loaded with (lost-update check)
    });
  });

  it("deletes after 'Delete Examiner Report'; a failure says 'Failed to delete report'", async () => {
    const user = userEvent.setup();
    jest
      .spyOn(api.examinerReports, 'remove')
      .mockRejectedValueOnce(new Error(''))
      .mockResolvedValueOnce({ success: true });
    renderScreen(<ExaminerReportsPage />, { route: '/admin/examiner-reports' });
    await user.click(await screen.findByRole('button', { name: 'Delete Biology (0610) paper 4' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Examiner Report' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to delete report');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));
  });

  it("says 'Failed to fetch initial data' when the papers cannot load", async () => {
    (api.pastPapers.summaries as jest.Mock).mockRejectedValue(new Error(''));
    const { dialog } = await openForm();
    expect(await dialog.findByText('Failed to fetch initial data')).toBeInTheDocument();
  });
});
