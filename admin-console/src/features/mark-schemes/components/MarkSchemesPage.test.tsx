import { api, ApiError, type MarkScheme } from '@ppl/shared-ui';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paperFixture, subjectFixture, summaryOf, variantFixture } from '../../../../test/fixtures';
import { formEntries, makeFile, renderScreen } from '../../../../test/render';
import { MarkSchemesPage } from './MarkSchemesPage';

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

const SCHEMES = [ms({ id: 1 }), ms({ id: 2, subject: 'Biology', code: '0610', past_paper_id: null, downloads: 0 })];
const YEAR = new Date().getFullYear();

async function openForm(which = 'add') {
  const user = userEvent.setup({ applyAccept: false });
  const view = renderScreen(<MarkSchemesPage />, { route: '/admin/mark-schemes' });
  await screen.findByRole('table', { name: 'Mark schemes' });
  if (which === 'add') await user.click(screen.getByRole('button', { name: 'Add Mark Scheme' }));
  else await user.click(screen.getByRole('button', { name: which }));
  const dialog = within(screen.getByRole('dialog'));
  return { user, dialog, ...view };
}

describe('MarkSchemesPage', () => {
  let list: jest.SpyInstance;
  beforeEach(() => {
    list = jest.spyOn(api.markSchemes, 'list').mockResolvedValue(SCHEMES);
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
  });
  afterEach(() => jest.restoreAllMocks());

  it('adds up to what students see: linked here, inside variants, and says which match no paper (issue 11)', async () => {
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
    renderScreen(<MarkSchemesPage />, { route: '/admin/mark-schemes' });
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

  it('lists mark schemes with every column and searches subject or code', async () => {
    const user = userEvent.setup();
    renderScreen(<MarkSchemesPage />, { route: '/admin/mark-schemes' });
    const table = await screen.findByRole('table', { name: 'Mark schemes' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual([
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
    ]);
    const physics = within(table).getByRole('row', { name: /Physics/ });
    expect(physics).toHaveTextContent('#10');
    expect(physics).toHaveTextContent('1,234');
    expect(within(physics).getByRole('link', { name: 'abc.pdf' })).toHaveAttribute(
      'href',
      '/backend/api/mark_schemes.php?download_id=1&inline=1',
    );
    expect(within(physics).getByRole('link', { name: /Download/ })).toHaveAttribute(
      'href',
      '/backend/api/mark_schemes.php?download_id=1',
    );
    expect(within(table).getByRole('row', { name: /Biology/ })).toHaveTextContent('N/A');

    await user.type(screen.getByPlaceholderText('Search mark schemes...'), '0610');
    expect(within(table).queryByRole('row', { name: /Physics/ })).not.toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('q=0610');
  });

  it('shows each file by its own name on one line, the full name on hover (issue 11)', async () => {
    list.mockResolvedValue([
      ms({ id: 1, file_name: 'Physics 0625 May-June 2024 Paper 2 Mark Scheme (final, corrected).pdf' }),
      ms({ id: 2, file_name: null, file_url: '/files/mark-schemes/1b4e28ba-2fa1-11d2-883f-0016d3cca427.pdf' }),
    ]);
    renderScreen(<MarkSchemesPage />, { route: '/admin/mark-schemes' });
    const named = await screen.findByRole('link', { name: /^Physics 0625 May-June 2024/ });
    expect(named).toHaveAttribute('title', 'Physics 0625 May-June 2024 Paper 2 Mark Scheme (final, corrected).pdf');
    // A file from before names were kept falls back to its stored name.
    expect(screen.getByRole('link', { name: '1b4e28ba-2fa1-11d2-883f-0016d3cca427.pdf' })).toBeInTheDocument();
  });

  it('validates with the messages of spec section 5 and disables save while errors exist', async () => {
    const create = jest.spyOn(api.markSchemes, 'create');
    const { user, dialog } = await openForm();
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

  it("offers the library's subjects; choosing one fills the read-only code (issue 11)", async () => {
    const { user, dialog } = await openForm();
    await dialog.findByRole('option', { name: 'Physics (0625)' });
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Subject' }), 'Physics');
    expect(dialog.getByLabelText(/^Subject Code/)).toHaveValue('0625');
    expect(dialog.getByLabelText(/^Subject Code/)).toHaveAttribute('readonly');
  });

  it("checks a chosen file's type and size", async () => {
    const { user, dialog } = await openForm();
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

  it('reads the limit from the maxFileSize setting, and "at most" accepts a file of exactly the limit (issue 11)', async () => {
    jest
      .spyOn(api.settings, 'get')
      .mockResolvedValue({ maxFileSize: 25 } as Awaited<ReturnType<typeof api.settings.get>>);
    const { user, dialog } = await openForm();
    expect(await dialog.findByText('PDF or Word, at most 25MB')).toBeInTheDocument();
    const input = dialog.getByLabelText(/^Mark Scheme File/);
    await user.upload(input, makeFile('scheme.pdf', 'application/pdf', 25 * 1024 * 1024));
    expect(dialog.queryByText(/too large/)).not.toBeInTheDocument();
    await user.upload(input, makeFile('scheme.pdf', 'application/pdf', 25 * 1024 * 1024 + 1));
    expect(await dialog.findByText('Selected file is too large (max 25MB).')).toBeInTheDocument();
  });

  it('fills the fields from a linked paper and sends the multipart fields of spec section 7', async () => {
    const create = jest.spyOn(api.markSchemes, 'create').mockResolvedValue(ms({ id: 3 }));
    const { user, dialog } = await openForm();
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

  it("keeps the existing file on edit and shows 'Failed to save mark scheme. Please try again.'", async () => {
    const update = jest
      .spyOn(api.markSchemes, 'update')
      .mockRejectedValueOnce(new ApiError('API upload error: Internal Server Error', 500))
      .mockResolvedValueOnce(ms({}));
    const { user, dialog } = await openForm('Edit Physics (0625) Paper 2');
    expect(dialog.getByRole('heading', { name: 'Edit Mark Scheme' })).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Update Mark Scheme' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Failed to save mark scheme. Please try again.');
    await user.click(dialog.getByRole('button', { name: 'Update Mark Scheme' }));
    await waitFor(() => expect(update).toHaveBeenCalledTimes(2));
    expect(update.mock.calls[1]![0]).toBe(1);
    expect(formEntries(update.mock.calls[1]![1])).toMatchObject({
      fileUrl: '/files/mark-schemes/abc.pdf',
      past_paper_id: '10',
    });
  });

  it("asks 'Confirm Deletion' before deleting", async () => {
    const user = userEvent.setup();
    const remove = jest.spyOn(api.markSchemes, 'remove').mockResolvedValue({ success: true });
    renderScreen(<MarkSchemesPage />, { route: '/admin/mark-schemes' });
    await user.click(await screen.findByRole('button', { name: 'Delete Biology (0610) Paper 2' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Confirm Deletion' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(remove).toHaveBeenCalledWith(2));
    await waitFor(() => expect(list).toHaveBeenCalledTimes(2));
  });

  it("reports 'Failed to load past papers list.' in the form", async () => {
    (api.pastPapers.summaries as jest.Mock).mockRejectedValue(new Error(''));
    const { dialog } = await openForm();
    expect(await dialog.findByText('Failed to load past papers list.')).toBeInTheDocument();
  });
});
