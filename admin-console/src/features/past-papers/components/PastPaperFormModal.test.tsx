import { api, ApiError, type PastPaper, type UploadOptions } from '@ppl/shared-ui';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { paperFixture, subjectFixture, variantFixture } from '../../../../test/fixtures';
import { formEntries, makeFile, renderScreen } from '../../../../test/render';
import { savePastPaper } from '../api/past-papers';
import { PastPaperFormModal } from './PastPaperFormModal';

const physics = subjectFixture({ id: 1, name: 'Physics', code: '0625', level: 'cambridge-igcse' });
const economics = subjectFixture({ id: 2, name: 'Economics', code: '9708', level: 'cambridge-a-levels' });
const MAX_YEAR = new Date().getFullYear() + 5;

function open(paper: PastPaper | null = null) {
  const user = userEvent.setup({ applyAccept: false });
  const onClose = jest.fn();
  const view = renderScreen(<PastPaperFormModal paper={paper} onClose={onClose} />);
  const dialog = screen.getByRole('dialog', { name: paper ? 'Edit Past Paper' : 'Add New Past Paper' });
  return { user, onClose, dialog: within(dialog), ...view };
}

const pdf = (name = 'paper.pdf', size = 2048) => makeFile(name, 'application/pdf', size);

describe('PastPaperFormModal', () => {
  beforeEach(() => {
    jest.spyOn(api.subjects, 'list').mockResolvedValue([physics, economics]);
  });
  afterEach(() => jest.restoreAllMocks());

  it('shows the messages of spec section 5 at the fields', async () => {
    const create = jest.spyOn(api.pastPapers, 'create');
    const { user, dialog } = open();
    await dialog.findByRole('option', { name: /Physics \(0625\)/ });
    await user.clear(dialog.getByLabelText(/^Year/));
    await user.type(dialog.getByLabelText(/^Year/), '1999');
    await user.click(dialog.getByRole('button', { name: 'Create Past Paper' }));
    expect(await dialog.findByText('Subject is required')).toBeInTheDocument();
    expect(dialog.getByText('Session is required')).toBeInTheDocument();
    expect(dialog.getByText(`Year must be between 2000 and ${MAX_YEAR}.`)).toBeInTheDocument();
    expect(dialog.getByText('Variant 1 requires a past paper document')).toBeInTheDocument();
    await user.clear(dialog.getByLabelText(/^Variant Name/));
    await user.clear(dialog.getByLabelText(/^Version/));
    await user.clear(dialog.getByLabelText(/^Year/));
    await user.type(dialog.getByLabelText(/^Year/), String(MAX_YEAR + 1));
    await user.click(dialog.getByRole('button', { name: 'Create Past Paper' }));
    expect(await dialog.findByText('Variant 1 name is required')).toBeInTheDocument();
    expect(dialog.getByText('Variant 1 version is required')).toBeInTheDocument();
    expect(dialog.getByText(`Year must be between 2000 and ${MAX_YEAR}.`)).toBeInTheDocument();
    expect(create).not.toHaveBeenCalled();
  });

  it('fills code and level from the chosen subject and offers the three sessions', async () => {
    const { user, dialog } = open();
    await dialog.findByRole('option', { name: /Economics \(9708\)/ });
    await user.selectOptions(dialog.getByLabelText(/^Subject/), '2');
    expect(dialog.getByLabelText('Code')).toHaveValue('9708');
    expect(dialog.getByLabelText('Level')).toHaveValue('Cambridge A Level');
    const sessions = within(dialog.getByLabelText(/^Session/))
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(sessions).toEqual(['Select a session', 'Feb/March', 'May/June', 'Oct/Nov']);
    expect(dialog.getByLabelText(/^Year/)).toHaveAttribute('min', '2000');
    expect(dialog.getByLabelText(/^Year/)).toHaveAttribute('max', String(MAX_YEAR));
  });

  it('keeps at least one variant, names new ones Paper N and lets the slug follow the name', async () => {
    const { user, dialog } = open();
    expect(dialog.getByRole('tab', { name: 'Paper 1' })).toHaveAttribute('aria-selected', 'true');
    await user.click(dialog.getByRole('button', { name: 'Remove Variant' }));
    expect(dialog.getByRole('alert')).toHaveTextContent(
      'You cannot remove all variants. At least one variant is required.',
    );
    expect(dialog.getAllByRole('tab')).toHaveLength(1);

    await user.click(dialog.getByRole('button', { name: 'Add Variant' }));
    expect(dialog.getByRole('tab', { name: 'Paper 2' })).toHaveAttribute('aria-selected', 'true');
    expect(dialog.getByLabelText(/^Variant Name/)).toHaveValue('Paper 2');
    expect(dialog.getByLabelText('Slug')).toHaveValue('paper-2');
    expect(dialog.getByLabelText(/^Version/)).toHaveValue(2);

    await user.clear(dialog.getByLabelText(/^Variant Name/));
    await user.type(dialog.getByLabelText(/^Variant Name/), 'Paper 2 Variant B');
    expect(dialog.getByLabelText('Slug')).toHaveValue('paper-2-variant-b');
    expect(dialog.getByRole('tab', { name: 'Paper 2 Variant B' })).toBeInTheDocument();

    await user.click(dialog.getByRole('tab', { name: 'Paper 1' }));
    expect(dialog.getByLabelText(/^Variant Name/)).toHaveValue('Paper 1');
    await user.click(dialog.getByRole('button', { name: 'Remove Variant' }));
    expect(dialog.getAllByRole('tab')).toHaveLength(1);
    expect(dialog.getByRole('tab', { name: 'Paper 2 Variant B' })).toHaveAttribute('aria-selected', 'true');
  });

  it('checks the type and the 10 MB limit of a chosen file', async () => {
    const { user, dialog } = open();
    const input = dialog.getByLabelText(/^Past Paper Document/);
    await user.upload(input, makeFile('notes.txt', 'text/plain'));
    expect(await dialog.findByText('Please select a valid file type (PDF, DOC, DOCX)')).toBeInTheDocument();
    await user.upload(input, pdf('huge.pdf', 10 * 1024 * 1024 + 1));
    expect(await dialog.findByText('File size must be less than 10MB')).toBeInTheDocument();
    await user.upload(dialog.getByLabelText(/^Mark Scheme/), makeFile('scheme.exe', 'application/x-msdownload'));
    expect(await dialog.findAllByText('Please select a valid file type (PDF, DOC, DOCX)')).toHaveLength(1);
    await user.upload(input, pdf());
    await waitFor(() => expect(dialog.queryByText('File size must be less than 10MB')).not.toBeInTheDocument());
  });

  it('sends a multipart create with the field and file names of spec section 7, showing upload progress', async () => {
    let finish: (paper: PastPaper) => void = () => undefined;
    const create = jest
      .spyOn(api.pastPapers, 'create')
      .mockImplementation((_form: FormData, options?: UploadOptions) => {
        options?.onProgress?.(0.5);
        return new Promise((resolve) => (finish = resolve));
      });
    const { user, dialog, onClose, queryClient } = open();
    queryClient.setQueryData(['past-papers'], []);
    await dialog.findByRole('option', { name: /Physics \(0625\)/ });
    await user.selectOptions(dialog.getByLabelText(/^Subject/), '1');
    await user.clear(dialog.getByLabelText(/^Year/));
    await user.type(dialog.getByLabelText(/^Year/), '2024');
    await user.selectOptions(dialog.getByLabelText(/^Session/), 'May/June');
    await user.upload(dialog.getByLabelText(/^Past Paper Document/), pdf('p1.pdf'));
    await user.click(dialog.getByRole('button', { name: 'Add Variant' }));
    await user.upload(dialog.getByLabelText(/^Past Paper Document/), pdf('p2.pdf'));
    await user.upload(
      dialog.getByLabelText(/^Mark Scheme/),
      makeFile('ms2.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'),
    );
    await user.upload(dialog.getByLabelText(/^Examiner Report/), makeFile('er2.doc', 'application/msword'));
    await user.click(dialog.getByRole('button', { name: 'Create Past Paper' }));

    const bar = await dialog.findByRole('progressbar', { name: 'Upload progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(dialog.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();

    const form = create.mock.calls[0]![0];
    expect(form).toBeInstanceOf(FormData);
    const entries = formEntries(form);
    expect(entries).toEqual({
      subject_id: '1',
      subject: 'Physics',
      code: '0625',
      level: 'cambridge-igcse',
      year: '2024',
      session: 'May/June',
      variants: JSON.stringify([
        { name: 'Paper 1', slug: 'paper-1', version: 1 },
        { name: 'Paper 2', slug: 'paper-2', version: 2 },
      ]),
      variant_0_document_path: 'file:p1.pdf',
      variant_1_document_path: 'file:p2.pdf',
      variant_1_mark_scheme_path: 'file:ms2.docx',
      variant_1_examiner_report_path: 'file:er2.doc',
    });
    await act(async () => finish(paperFixture()));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(screen.getByRole('status')).toHaveTextContent('Past paper created successfully');
    // Every list showing papers is marked for reload after the write.
    await waitFor(() => expect(queryClient.getQueryState(['past-papers'])?.isInvalidated).toBe(true));
  });

  it("says 'Error saving past paper. Please try again.' when the save fails", async () => {
    jest
      .spyOn(api.pastPapers, 'create')
      .mockRejectedValue(new ApiError('API upload error: Bad Request', 400, 'Invalid subject selected'));
    const { user, dialog, onClose } = open();
    await dialog.findByRole('option', { name: /Physics \(0625\)/ });
    await user.selectOptions(dialog.getByLabelText(/^Subject/), '1');
    await user.selectOptions(dialog.getByLabelText(/^Session/), 'Oct/Nov');
    await user.upload(dialog.getByLabelText(/^Past Paper Document/), pdf());
    await user.click(dialog.getByRole('button', { name: 'Create Past Paper' }));
    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent('Error saving past paper. Please try again.');
    expect(alert).toHaveTextContent('Invalid subject selected');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('edits a paper: stored documents count, stored variants keep their id, a new one is sent as a file', async () => {
    const update = jest.spyOn(api.pastPapers, 'update').mockResolvedValue(paperFixture());
    const paper = paperFixture({
      id: 10,
      variants: [
        variantFixture({ id: 100, name: 'Paper 1', version: 1, mark_scheme_path: 'mark-schemes/ms.pdf' }),
        variantFixture({ id: 101, name: 'Paper 2', slug: 'paper-2', version: 2 }),
      ],
    });
    const { user, dialog } = open(paper);
    await dialog.findByRole('option', { name: /Physics \(0625\)/ });
    expect(dialog.getByLabelText(/^Subject/)).toHaveValue('1');
    expect(dialog.getByLabelText(/^Session/)).toHaveValue('May/June');
    expect(dialog.getByText(/Current file: aaa.pdf/)).toBeInTheDocument();
    await user.click(dialog.getByRole('checkbox', { name: 'Remove the current mark scheme' }));
    await user.click(dialog.getByRole('tab', { name: 'Paper 2' }));
    await user.upload(dialog.getByLabelText(/^Past Paper Document/), pdf('replacement.pdf'));
    await user.click(dialog.getByRole('button', { name: 'Update Past Paper' }));
    await waitFor(() => expect(update).toHaveBeenCalled());
    const [id, form] = update.mock.calls[0]!;
    expect(id).toBe(10);
    expect(formEntries(form)).toMatchObject({
      id: '10',
      variants: JSON.stringify([
        { name: 'Paper 1', slug: 'paper-1', version: 1, id: 100 },
        { name: 'Paper 2', slug: 'paper-2', version: 2, id: 101 },
      ]),
      variant_0_remove_mark_scheme: '1',
      variant_1_document_path: 'file:replacement.pdf',
    });
    expect(formEntries(form)).not.toHaveProperty('variant_0_document_path');
  });

  it("refuses a subject that is not in the subject list with 'Invalid subject selected'", async () => {
    const update = jest.spyOn(api.pastPapers, 'update');
    const { user, dialog } = open(paperFixture({ subject_id: 99 }));
    await dialog.findByRole('option', { name: /Physics \(0625\)/ });
    await user.click(dialog.getByRole('button', { name: 'Update Past Paper' }));
    expect(await dialog.findByText('Invalid subject selected')).toBeInTheDocument();
    expect(update).not.toHaveBeenCalled();
  });

  it('moves to the first variant with an error', async () => {
    const { user, dialog } = open();
    await user.upload(dialog.getByLabelText(/^Past Paper Document/), pdf());
    await user.click(dialog.getByRole('button', { name: 'Add Variant' }));
    await user.click(dialog.getByRole('tab', { name: 'Paper 1' }));
    await user.click(dialog.getByRole('button', { name: 'Create Past Paper' }));
    expect(await dialog.findByText('Variant 2 requires a past paper document')).toBeInTheDocument();
    expect(dialog.getByRole('tab', { name: /Paper 2/ })).toHaveAttribute('aria-selected', 'true');
    expect(dialog.getByRole('tab', { name: /Paper 2/ })).toHaveTextContent('(has errors)');
  });
});

describe('savePastPaper', () => {
  it('refuses a payload that is not FormData, naming the mode', async () => {
    // The types only take a built form; the rule holds for a caller that gets round them too.
    await expect(savePastPaper({ mode: 'create', payload: { subject_id: 1 } as never })).rejects.toThrow(
      'Error: Invalid data submitted from form (create). Expected FormData instance.',
    );
    await expect(savePastPaper({ mode: 'edit', id: 3, payload: null as never })).rejects.toThrow(
      'Error: Invalid data submitted from form (edit). Expected FormData instance.',
    );
  });
});
