import { api, ApiError, type ExaminerReport, type MarkScheme } from '@ppl/shared-ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { paperFixture, subjectFixture, summaryOf, variantFixture } from '../../../../test/fixtures';
import { formEntries, makeFile, renderScreen } from '../../../../test/render';
import { EXAMINER_REPORTS } from '../kinds/examiner-reports';
import { MARK_SCHEMES } from '../kinds/mark-schemes';
import { DocumentSectionPage } from './DocumentSectionPage';

const ms = (overrides: Partial<MarkScheme>): MarkScheme => ({
  id: 1,
  subject: 'Physics',
  code: '0625',
  paperNumber: '2',
  year: 2024,
  session: 'May/June',
  file_url: '/files/mark-schemes/abc.pdf',
  past_paper_id: 10,
  file_size: 20480,
  downloads: 1234,
  file_name: 'abc.pdf',
  views: 0,
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
  ...overrides,
});

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

const SCHEMES = [ms({ id: 1 }), ms({ id: 2, subject: 'Biology', code: '0610', past_paper_id: null, downloads: 0 })];
const REPORTS = [
  report({ id: 1 }),
  report({ id: 2, subject: 'Biology', code: '0610', paper_number: '4', file_url: '/files/examiner-reports/bio.docx' }),
];
const REPORT_PAPERS = [
  paperFixture({ id: 11, subject: 'Physics', code: '0625', year: 2024 }),
  paperFixture({ id: 10, subject: 'Biology', code: '0610', year: 2023 }),
];
const YEAR = new Date().getFullYear();

const markSchemesPage = () => <DocumentSectionPage section={MARK_SCHEMES} />;
const examinerReportsPage = () => <DocumentSectionPage section={EXAMINER_REPORTS} />;

function mockMarkSchemes() {
  jest
    .spyOn(api.subjects, 'list')
    .mockResolvedValue([
      subjectFixture({ id: 1, name: 'Chemistry', code: '0620' }),
      subjectFixture({ id: 2, name: 'Physics', code: '0625' }),
    ]);
  jest
    .spyOn(api.pastPapers, 'summaries')
    .mockResolvedValue([
      summaryOf(paperFixture({ id: 10, subject: 'Chemistry', code: '0620', year: 2023, session: 'Oct/Nov' })),
    ]);
  return jest.spyOn(api.markSchemes, 'list').mockResolvedValue(SCHEMES);
}

function mockExaminerReports() {
  jest.spyOn(api.pastPapers, 'summaries').mockResolvedValue(REPORT_PAPERS.map(summaryOf));
  return jest.spyOn(api.examinerReports, 'list').mockResolvedValue(REPORTS);
}

/** Renders a section's page, waits for its table and opens the form with `button`. */
async function openForm(page: () => ReactElement, route: string, table: string, button: string) {
  const user = userEvent.setup({ applyAccept: false });
  const view = renderScreen(page(), { route });
  await screen.findByRole('table', { name: table });
  await user.click(screen.getByRole('button', { name: button }));
  return { user, dialog: within(screen.getByRole('dialog')), ...view };
}

afterEach(() => jest.restoreAllMocks());

/** What both sections do alike, each in its own words (spec section 2 and section 5). */
describe.each([
  {
    kind: 'mark schemes',
    page: markSchemesPage,
    route: '/admin/mark-schemes',
    table: 'Mark schemes',
    mock: mockMarkSchemes,
    remove: () => jest.spyOn(api.markSchemes, 'remove'),
    // The first save fails, the second succeeds.
    update: (): jest.SpyInstance =>
      jest
        .spyOn(api.markSchemes, 'update')
        .mockRejectedValueOnce(new ApiError('API upload error: Internal Server Error', 500))
        .mockResolvedValueOnce(ms({})),
    columns: [
      'Subject',
      'Code',
      'Paper',
      'Year',
      'Session',
      'File',
      'Linked Past Paper',
      'Downloads',
      'Views',
      'Actions',
    ],
    rowTexts: ['#10', '1,234'],
    // The file's name links to it opened in the browser.
    inlineLink: 'abc.pdf',
    download: '/backend/api/mark_schemes.php?download_id=1',
    deleteButton: 'Delete Biology (0610) Paper 2',
    deletedId: 2,
    deleteTitle: 'Confirm Deletion',
    deleteError: 'Failed to delete mark scheme',
    editButton: 'Edit Physics (0625) Paper 2',
    editTitle: 'Edit Mark Scheme',
    updateLabel: 'Update Mark Scheme',
    saveError: 'Failed to save mark scheme. Please try again.',
    // The stored file is sent back as fileUrl with every field.
    updateEntries: {
      subject: 'Physics',
      code: '0625',
      year: '2024',
      session: 'May/June',
      paperNumber: '2',
      past_paper_id: '10',
      fileUrl: '/files/mark-schemes/abc.pdf',
      updated_at: '2026-11-01T10:00:00Z',
    },
    papersError: 'Failed to load past papers list.',
    addButton: 'Add Mark Scheme',
  },
  {
    kind: 'examiner reports',
    page: examinerReportsPage,
    route: '/admin/examiner-reports',
    table: 'Examiner reports',
    mock: mockExaminerReports,
    remove: () => jest.spyOn(api.examinerReports, 'remove'),
    update: (): jest.SpyInstance =>
      jest.spyOn(api.examinerReports, 'update').mockRejectedValueOnce(new Error('')).mockResolvedValueOnce(report({})),
    columns: [
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
    ],
    rowTexts: ['Nov 1, 2026'],
    // A View action opens the file in the browser.
    inlineLink: /^View/,
    download: '/backend/api/examiner_reports.php?download_id=1',
    deleteButton: 'Delete Biology (0610) paper 4',
    deletedId: 2,
    deleteTitle: 'Delete Examiner Report',
    deleteError: 'Failed to delete report',
    editButton: 'Edit Physics (0625) paper 2',
    editTitle: 'Edit Examiner Report',
    updateLabel: 'Update Report',
    saveError: 'Failed to save report',
    // A file left blank keeps the stored one: nothing is sent for it.
    updateEntries: {
      past_paper_id: '10',
      paper_number: '2',
      summary: 'Candidates did well.',
      updated_at: '2026-11-01T10:00:00Z', // the version the form was loaded with (lost-update check)
    },
    papersError: 'Failed to fetch initial data',
    addButton: 'Add Examiner Report',
  },
])('DocumentSectionPage: $kind', (kind) => {
  let list: jest.SpyInstance;
  beforeEach(() => {
    list = kind.mock();
  });

  it('lists every column of spec section 2 and links each file to its download', async () => {
    renderScreen(kind.page(), { route: kind.route });
    const table = await screen.findByRole('table', { name: kind.table });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(kind.columns);
    const physics = within(table).getByRole('row', { name: /Physics/ });
    for (const text of kind.rowTexts) expect(physics).toHaveTextContent(text);
    expect(within(physics).getByRole('link', { name: kind.inlineLink })).toHaveAttribute(
      'href',
      `${kind.download}&inline=1`,
    );
    expect(within(physics).getByRole('link', { name: /^Download/ })).toHaveAttribute('href', kind.download);
  });

  it('asks before deleting; a failure stays in the dialog and a retry deletes and reloads', async () => {
    const user = userEvent.setup();
    const remove = kind.remove().mockRejectedValueOnce(new Error('')).mockResolvedValueOnce({ success: true });
    renderScreen(kind.page(), { route: kind.route });
    await user.click(await screen.findByRole('button', { name: kind.deleteButton }));
    const dialog = screen.getByRole('alertdialog', { name: kind.deleteTitle });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(kind.deleteError);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(remove).toHaveBeenLastCalledWith(kind.deletedId);
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));
  });

  it('keeps the stored file on edit and says why a save failed', async () => {
    const update = kind.update();
    const { user, dialog } = await openForm(kind.page, kind.route, kind.table, kind.editButton);
    expect(dialog.getByRole('heading', { name: kind.editTitle })).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: kind.updateLabel }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(kind.saveError);
    await user.click(dialog.getByRole('button', { name: kind.updateLabel }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(2));
    expect(update.mock.calls[1]![0]).toBe(1);
    expect(formEntries(update.mock.calls[1]![1])).toEqual(kind.updateEntries);
  });

  it('says so in the form when the paper list cannot load', async () => {
    (api.pastPapers.summaries as jest.Mock).mockRejectedValue(new Error(''));
    const { dialog } = await openForm(kind.page, kind.route, kind.table, kind.addButton);
    expect(await dialog.findByText(kind.papersError)).toBeInTheDocument();
  });
});

describe('DocumentSectionPage: mark schemes only', () => {
  let list: jest.SpyInstance;
  beforeEach(() => {
    list = mockMarkSchemes();
  });
  const open = (button = 'Add Mark Scheme') => openForm(markSchemesPage, '/admin/mark-schemes', 'Mark schemes', button);

  it('adds up to what students see: linked here, inside variants, and says which match no paper', async () => {
    list.mockResolvedValue([
      ms({ id: 1, past_paper_id: 10 }),
      ms({ id: 2, subject: 'Biology', code: '0610', past_paper_id: null }),
      ms({ id: 3, subject: 'Latin', code: '9999', past_paper_id: null }),
    ]);
    const linkedDoc = (id: number) => ({
      kind: 'mark_scheme' as const,
      id,
      paper_number: '2',
      file_name: 'ms.pdf',
      file_size: 1,
      downloads: 0,
      is_pdf: true,
    });
    jest.spyOn(api.pastPapers, 'list').mockResolvedValue([
      paperFixture({
        id: 10,
        variants: [
          variantFixture({
            id: 100,
            name: 'Paper 21',
            mark_scheme_path: 'ms/a.pdf',
            mark_scheme_size: 2048,
            mark_scheme_downloads: 7,
          }),
        ],
        linked_documents: [linkedDoc(1)],
      }),
      paperFixture({
        id: 11,
        subject: 'Biology',
        code: '0610',
        variants: [
          variantFixture({ id: 101, past_paper_id: 11, name: 'Paper 41', mark_scheme_path: 'ms/b.pdf' }),
          variantFixture({ id: 102, past_paper_id: 11, name: 'Paper 42' }),
        ],
        linked_documents: [linkedDoc(2)],
      }),
    ]);
    const user = userEvent.setup();
    renderScreen(markSchemesPage(), { route: '/admin/mark-schemes' });
    const totals = await screen.findByTestId('document-totals');
    // 2 linked of the 3 added here + 2 inside variants = the 4 the public pages list.
    expect(totals).toHaveTextContent('4 mark schemes reach students: 2 added here and 2 attached inside past papers');
    expect(totals).toHaveTextContent('1 mark scheme matches no past paper, so students cannot see it');
    const own = screen.getByRole('table', { name: 'Mark schemes' });
    expect(within(own).getByRole('row', { name: /Biology/ })).toHaveTextContent('N/A (shown with #11)');
    expect(within(own).getByRole('row', { name: /Latin/ })).toHaveTextContent('not shown to students');

    const inside = screen.getByRole('table', { name: 'Mark Schemes inside past papers' });
    const rows = within(inside).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const physics = within(inside).getByRole('row', { name: /Physics/ });
    expect(physics).toHaveTextContent('Paper 21');
    expect(physics).toHaveTextContent('2.0 KB');
    expect(within(physics).getByRole('link', { name: /^Open the paper/ })).toHaveAttribute(
      'href',
      '/admin/past-papers/10',
    );
    expect(within(physics).getByRole('link', { name: /^Download/ })).toHaveAttribute(
      'href',
      '/backend/api/past_papers.php?download_variant_id=100&variant_document_type=mark_scheme',
    );

    await user.type(screen.getByPlaceholderText('Search mark schemes...'), '0610');
    expect(within(inside).getAllByRole('row').slice(1)).toHaveLength(1);
    expect(within(inside).getByRole('row', { name: /Biology/ })).toHaveTextContent('Paper 41');
  });

  it('shows each table a page at a time, kept in the address; a new search starts at page 1', async () => {
    list.mockResolvedValue(
      Array.from({ length: 23 }, (_, i) =>
        ms({ id: i + 1, subject: `Subject ${String(i + 1).padStart(2, '0')}`, code: String(1000 + i) }),
      ),
    );
    jest.spyOn(api.pastPapers, 'list').mockResolvedValue([
      paperFixture({
        id: 10,
        variants: Array.from({ length: 12 }, (_, i) =>
          variantFixture({ id: 100 + i, name: `Paper ${i + 1}`, mark_scheme_path: `ms/${i}.pdf` }),
        ),
      }),
    ]);
    const user = userEvent.setup();
    renderScreen(markSchemesPage(), { route: '/admin/mark-schemes' });
    const own = await screen.findByRole('table', { name: 'Mark schemes' });
    const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);
    expect(bodyRows(own)).toHaveLength(10);
    const ownPages = screen.getByRole('navigation', { name: 'Mark schemes pages' });
    expect(ownPages).toHaveTextContent('Page 1 of 3');
    await user.click(within(ownPages).getByRole('button', { name: 'Last' }));
    expect(bodyRows(own).map((row) => row.textContent?.slice(0, 10))).toEqual([
      'Subject 21',
      'Subject 22',
      'Subject 23',
    ]);
    expect(screen.getByTestId('location')).toHaveTextContent('page=3');

    // The table of files inside variants has its own page.
    const inside = await screen.findByRole('table', { name: 'Mark Schemes inside past papers' });
    expect(bodyRows(inside)).toHaveLength(10);
    const insidePages = screen.getByRole('navigation', { name: 'Mark Schemes inside past papers pages' });
    expect(insidePages).toHaveTextContent('Page 1 of 2');
    await user.selectOptions(within(insidePages).getByLabelText('Per page'), '20');
    expect(bodyRows(inside)).toHaveLength(12);
    expect(screen.getByTestId('location')).toHaveTextContent('insidePerPage=20');
    expect(bodyRows(own)).toHaveLength(3);

    await user.type(screen.getByPlaceholderText('Search mark schemes...'), 'subject 1');
    expect(screen.getByTestId('location')).not.toHaveTextContent('page=3');
    expect(bodyRows(own)).toHaveLength(10);
    expect(screen.getByRole('navigation', { name: 'Mark schemes pages' })).toHaveTextContent('Page 1 of 1');
  });

  it('shows an unlinked scheme as N/A and searches subject or code', async () => {
    const user = userEvent.setup();
    renderScreen(markSchemesPage(), { route: '/admin/mark-schemes' });
    const table = await screen.findByRole('table', { name: 'Mark schemes' });
    expect(within(table).getByRole('row', { name: /Biology/ })).toHaveTextContent('N/A');
    await user.type(screen.getByPlaceholderText('Search mark schemes...'), '0610');
    expect(within(table).queryByRole('row', { name: /Physics/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('q=0610');
  });

  it('shows each file by its own name on one line, the full name on hover', async () => {
    list.mockResolvedValue([
      ms({ id: 1, file_name: 'Physics 0625 May-June 2024 Paper 2 Mark Scheme (final, corrected).pdf' }),
      ms({ id: 2, file_name: null, file_url: '/files/mark-schemes/1b4e28ba-2fa1-11d2-883f-0016d3cca427.pdf' }),
    ]);
    renderScreen(markSchemesPage(), { route: '/admin/mark-schemes' });
    const named = await screen.findByRole('link', { name: /^Physics 0625 May-June 2024/ });
    expect(named).toHaveAttribute('title', 'Physics 0625 May-June 2024 Paper 2 Mark Scheme (final, corrected).pdf');
    // A file from before names were kept falls back to its stored name.
    expect(screen.getByRole('link', { name: '1b4e28ba-2fa1-11d2-883f-0016d3cca427.pdf' })).toBeInTheDocument();
  });

  it('validates with the messages of spec section 5 and disables save while errors exist', async () => {
    const create = jest.spyOn(api.markSchemes, 'create');
    const { user, dialog } = await open();
    expect(dialog.getByLabelText(/^Year/)).toHaveValue(YEAR);
    expect(dialog.getByLabelText(/^Year/)).toHaveAttribute('max', String(YEAR + 5));
    await user.clear(dialog.getByLabelText(/^Year/));
    await user.type(dialog.getByLabelText(/^Year/), String(YEAR + 11));
    await user.click(dialog.getByRole('button', { name: 'Create Mark Scheme' }));
    expect(await dialog.findByText('Subject is required')).toBeInTheDocument();
    expect(dialog.getByText('Subject Code is required')).toBeInTheDocument();
    expect(dialog.getByText('Please enter a valid year.')).toBeInTheDocument();
    expect(dialog.getByText('Session is required')).toBeInTheDocument();
    expect(dialog.getByText('Paper Number is required')).toBeInTheDocument();
    expect(dialog.getByText('Mark Scheme file is required for new entries.')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Create Mark Scheme' })).toBeDisabled();
    expect(create).not.toHaveBeenCalled();
    // Within plus 10 is a valid year even though the input suggests plus 5.
    await user.clear(dialog.getByLabelText(/^Year/));
    await user.type(dialog.getByLabelText(/^Year/), String(YEAR + 10));
    await waitFor(() => expect(dialog.queryByText('Please enter a valid year.')).not.toBeInTheDocument());
  });

  it("offers the library's subjects; choosing one fills the read-only code", async () => {
    const { user, dialog } = await open();
    await dialog.findByRole('option', { name: 'Physics (0625)' });
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Subject' }), 'Physics');
    expect(dialog.getByLabelText(/^Subject Code/)).toHaveValue('0625');
    expect(dialog.getByLabelText(/^Subject Code/)).toHaveAttribute('readonly');
  });

  it("checks a chosen file's type and size", async () => {
    const { user, dialog } = await open();
    const input = dialog.getByLabelText(/^Mark Scheme File/);
    await user.upload(input, makeFile('scheme.png', 'image/png'));
    expect(await dialog.findByText('Selected file has an invalid type (PDF/Word only).')).toBeInTheDocument();
    await user.upload(input, makeFile('scheme.pdf', 'application/pdf', 10 * 1024 * 1024 + 5));
    expect(await dialog.findByText('Selected file is too large (max 10MB).')).toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Create Mark Scheme' })).toBeDisabled();
    await user.upload(input, makeFile('scheme.pdf', 'application/pdf'));
    await waitFor(() => expect(dialog.queryByText('Selected file is too large (max 10MB).')).not.toBeInTheDocument());
    expect(dialog.getByRole('button', { name: 'Create Mark Scheme' })).toBeEnabled();
  });

  it('reads the limit from the maxFileSize setting, and "at most" accepts a file of exactly the limit', async () => {
    jest
      .spyOn(api.settings, 'get')
      .mockResolvedValue({ maxFileSize: 25 } as Awaited<ReturnType<typeof api.settings.get>>);
    const { user, dialog } = await open();
    expect(await dialog.findByText('PDF or Word, at most 25MB')).toBeInTheDocument();
    const input = dialog.getByLabelText(/^Mark Scheme File/);
    await user.upload(input, makeFile('scheme.pdf', 'application/pdf', 25 * 1024 * 1024));
    expect(dialog.queryByText(/too large/)).not.toBeInTheDocument();
    await user.upload(input, makeFile('scheme.pdf', 'application/pdf', 25 * 1024 * 1024 + 1));
    expect(await dialog.findByText('Selected file is too large (max 25MB).')).toBeInTheDocument();
  });

  it('fills the fields from a linked paper and sends the multipart fields of spec section 7', async () => {
    const create = jest.spyOn(api.markSchemes, 'create').mockResolvedValue(ms({ id: 3 }));
    const { user, dialog } = await open();
    await dialog.findByRole('option', { name: /Chemistry \(0620\) Oct\/Nov/ });
    await user.selectOptions(dialog.getByLabelText('Linked Past Paper'), '10');
    expect(dialog.getByRole('combobox', { name: 'Subject' })).toHaveValue('Chemistry');
    expect(dialog.getByLabelText(/^Subject Code/)).toHaveValue('0620');
    expect(dialog.getByLabelText(/^Session/)).toHaveValue('Oct/Nov');
    await user.type(dialog.getByLabelText(/^Paper Number/), '42');
    await user.upload(dialog.getByLabelText(/^Mark Scheme File/), makeFile('ms.pdf', 'application/pdf'));
    await user.click(dialog.getByRole('button', { name: 'Create Mark Scheme' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(formEntries(create.mock.calls[0]![0])).toEqual({
      subject: 'Chemistry',
      code: '0620',
      year: '2023',
      session: 'Oct/Nov',
      paperNumber: '42',
      past_paper_id: '10',
      markSchemeFile: 'file:ms.pdf',
    });
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));
  });
});

describe('DocumentSectionPage: examiner reports only', () => {
  let list: jest.SpyInstance;
  beforeEach(() => {
    list = mockExaminerReports();
  });
  const open = () =>
    openForm(examinerReportsPage, '/admin/examiner-reports', 'Examiner reports', 'Add Examiner Report');

  it('counts the reports inside variants too, so the total matches the dashboard', async () => {
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
    renderScreen(examinerReportsPage(), { route: '/admin/examiner-reports' });
    expect(await screen.findByTestId('document-totals')).toHaveTextContent(
      '3 examiner reports reach students: 2 added here and 1 attached inside past papers',
    );
    const inside = screen.getByRole('table', { name: 'Examiner Reports inside past papers' });
    expect(within(inside).getByRole('row', { name: /Physics/ })).toHaveTextContent('Paper 1');
  });

  it('searches subject, code, paper number and file name', async () => {
    const user = userEvent.setup();
    renderScreen(examinerReportsPage(), { route: '/admin/examiner-reports' });
    const table = await screen.findByRole('table', { name: 'Examiner reports' });
    await user.type(screen.getByLabelText('Search examiner reports'), 'bio.docx');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByRole('row', { name: /Biology/ })).toBeInTheDocument();
  });

  it('requires past paper, paper number, summary and, on create, a file', async () => {
    const create = jest.spyOn(api.examinerReports, 'create');
    const { user, dialog } = await open();
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
    const { user, dialog } = await open();
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
});
