import { setApiFetch } from '@ppl/shared-ui';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RECORD_CHANGED } from '../../../../lib/edit-version';
import { renderScreen } from '../../../../../test/render';
import { QuestionCutsEditor } from './QuestionCutsEditor';

// pdf.js does not run in jsdom: the pages are never drawn here (the browser journey draws them).
jest.mock('../lib/pdf-pages', () => ({
  openPdf: () => new Promise(() => undefined),
  drawPage: () => Promise.resolve(),
}));

const place = (document_id: number, page: number, top: number) => ({ document_id, page, top });
const flagged = {
  status: 'flagged',
  total_marks: 14,
  stated_total: 15,
  source: 'detected',
  reasons: ["The questions' marks add up to 14; the cover states 15."],
  updated_at: '2026-11-26T10:00:00.000Z',
  confirmed: false,
  documents: {
    question_paper: { document_id: 7, pages: 6 },
    mark_scheme: { document_id: 8, pages: 4 },
    examiner_report: null,
  },
  questions: [
    { number: '1', marks: 6, question_paper: place(7, 2, 0.1), mark_scheme: place(8, 2, 0.2), examiner_report: null },
    { number: '2', marks: 8, question_paper: place(7, 3, 0.4), mark_scheme: null, examiner_report: null },
  ],
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('QuestionCutsEditor', () => {
  let sent: Array<{ method: string; url: string; body: unknown }>;
  let answerPut: (body: unknown) => Response;

  beforeEach(() => {
    sent = [];
    answerPut = (body) => json({ data: { ...flagged, ...(body as object), source: 'edited', status: 'ready' } });
    setApiFetch(async (url, init) => {
      const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      sent.push({ method: init.method ?? 'GET', url, body });
      if ((init.method ?? 'GET') === 'GET') return json({ data: flagged });
      return answerPut(body);
    });
  });
  afterEach(() => setApiFetch(null));

  it('shows the status, why, and the total against the cover; saves the edited list with its version', async () => {
    renderScreen(<QuestionCutsEditor paperId={3} variantId={4} label="Paper 42" />);
    expect(await screen.findByTestId('questions-status')).toHaveTextContent('flagged');
    expect(screen.getByText(/add up to 14; the cover states 15/)).toBeInTheDocument();
    expect(screen.getByTestId('questions-total')).toHaveTextContent('Marks: 14 of 15 stated on the cover');

    const marks = screen.getByRole('spinbutton', { name: 'Marks of question 2' });
    await userEvent.clear(marks);
    await userEvent.type(marks, '9');
    expect(screen.getByTestId('questions-total')).toHaveTextContent('Marks: 15 of 15');
    await userEvent.click(screen.getByRole('button', { name: 'Add question' }));
    expect(screen.getAllByTestId('question-row')).toHaveLength(3);
    await userEvent.click(screen.getByRole('button', { name: 'Delete question 3' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save questions' }));

    await waitFor(() => expect(sent.some((call) => call.method === 'PUT')).toBe(true));
    const put = sent.find((call) => call.method === 'PUT')!;
    expect(put.url).toBe('/backend/api/papers/3/questions?variant=4');
    expect(put.body).toEqual({
      updated_at: '2026-11-26T10:00:00.000Z',
      confirmed: false,
      questions: [
        {
          number: '1',
          marks: 6,
          question_paper: { page: 2, top: 0.1 },
          mark_scheme: { page: 2, top: 0.2 },
          examiner_report: null,
        },
        { number: '2', marks: 9, question_paper: { page: 3, top: 0.4 }, mark_scheme: null, examiner_report: null },
      ],
    });
    expect(await screen.findByText('edited')).toBeInTheDocument();
  });

  it('confirms a flagged set, and says so when someone else changed the questions meanwhile (409)', async () => {
    answerPut = () => json({ error: RECORD_CHANGED }, 409);
    renderScreen(<QuestionCutsEditor paperId={3} variantId={4} label="Paper 42" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm and show to students' }));
    expect(await screen.findByText(RECORD_CHANGED)).toBeInTheDocument();
    expect(sent.find((call) => call.method === 'PUT')!.body).toMatchObject({ confirmed: true });
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('moves a start with the keyboard on its line, keeping the list in page order', async () => {
    renderScreen(<QuestionCutsEditor paperId={3} variantId={4} label="Paper 42" />);
    const top = await screen.findByRole('spinbutton', { name: /^Start of question 1 / });
    await userEvent.clear(top);
    await userEvent.type(top, '0.9');
    const page = screen.getByRole('spinbutton', { name: 'Start page of question 1' });
    await userEvent.clear(page);
    await userEvent.type(page, '4');
    // Question 1 now starts after question 2: the rows follow the order of the starts.
    const numbers = screen
      .getAllByRole('textbox', { name: 'Question number' })
      .map((input) => (input as HTMLInputElement).value);
    expect(numbers).toEqual(['2', '1']);
  });
});
