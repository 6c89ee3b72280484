import { api, type StoredFile } from '@ppl/shared-ui';
import { screen, within } from '@testing-library/react';
import { renderScreen } from '../../../../test/render';
import { StoredFilesPanel } from './StoredFilesPanel';

const file = (document: StoredFile['document'], reading: StoredFile['reading']): StoredFile => ({
  source: 'variant',
  record_id: 1,
  document,
  label: 'Paper 12',
  file_name: `${document}.pdf`,
  size: 1024,
  sha256: null,
  reading,
});

describe('StoredFilesPanel', () => {
  afterEach(() => jest.restoreAllMocks());

  it("shows each file's text reading: capped with its bound, failed with why, read with its pages", async () => {
    jest.spyOn(api.storedFiles, 'ofPaper').mockResolvedValue([
      file('question-paper', {
        status: 'done',
        attempts: 1,
        pages_read: 210,
        pages_in_file: 2000,
        capped: 'characters',
        note: 'Text capped at 2,000,000 characters: 210 of 2,000 pages read',
      }),
      file('mark-scheme', {
        status: 'failed',
        attempts: 1,
        pages_read: null,
        pages_in_file: null,
        capped: null,
        note: 'Reading the file needed more than 512 MB of memory: the reader was stopped',
      }),
      file('examiner-report', {
        status: 'done',
        attempts: 1,
        pages_read: 12,
        pages_in_file: 12,
        capped: null,
        note: null,
      }),
    ]);
    renderScreen(<StoredFilesPanel paperId={10} />);
    const rows = await screen.findAllByRole('row');
    const byDocument = (name: string) => rows.find((row) => within(row).queryByText(name))!;
    expect(byDocument('Question paper')).toHaveTextContent(
      'Read in partText capped at 2,000,000 characters: 210 of 2,000 pages read',
    );
    expect(byDocument('Mark scheme')).toHaveTextContent(
      'Could not be readReading the file needed more than 512 MB of memory: the reader was stopped',
    );
    expect(byDocument('Examiner report')).toHaveTextContent('Read12 pages');
  });
});
