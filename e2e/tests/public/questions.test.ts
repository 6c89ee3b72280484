import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { demoQuestions } from '../../../bff/src/seed/demo-document-text';
import { launchBrowser, newPage } from '../../support/browser';
import { ROOT } from '../../support/product';
import { openPublicPage, publicApi, settled, type SeededPaper } from '../../support/public';
import { productState } from '../../support/state';

const SHOTS = join(ROOT, 'e2e', 'screenshots');
const PHONE = process.env.E2E_VIEWPORT === 'phone';

interface Place {
  document_id: number;
  page: number;
  top: number;
}
interface Questions {
  status: string;
  questions: Array<{
    number: string;
    marks: number;
    question_paper: Place;
    mark_scheme: Place | null;
    examiner_report: Place | null;
  }>;
}

/** The address's page (left out for page 1). */
const urlPage = (page: Page): string => new URL(page.url()).searchParams.get('page') ?? '1';

const pageOf = (page: Page, doc: string, n: number): Locator =>
  page.getByTestId(`pane-${doc}`).locator(`.page[data-page-number="${n}"]`);

/**
 * How far (as a share of the page's height) the place `top` of page `n` is below the top of its pane's scroller, and
 * whether the place is in view with the scroller at its end (a place low on the last page cannot reach the top).
 */
async function placeOffset(
  page: Page,
  doc: string,
  n: number,
  top: number,
): Promise<{ offset: number; atEnd: boolean }> {
  const scroller = page.getByTestId(`scroller-${doc}`);
  const frame = await scroller.boundingBox();
  const drawn = await pageOf(page, doc, n).locator('canvas').first().boundingBox();
  if (!frame || !drawn) return { offset: Number.POSITIVE_INFINITY, atEnd: false };
  const offset = (drawn.y + top * drawn.height - frame.y) / drawn.height;
  const end = await scroller.evaluate(
    (element) => element.scrollTop + element.clientHeight >= element.scrollHeight - 2,
  );
  return { offset, atEnd: end && offset >= 0 && offset * drawn.height < frame.height };
}

/** The place is at the top of the pane (at most 7 % of a page below it, 1 % above), or in view at the end. */
const atPlace = ({ offset, atEnd }: { offset: number; atEnd: boolean }): boolean =>
  atEnd || (offset >= -0.01 && offset < 0.07);

/** Waits until the pane shows the place's page drawn with the place near the top of the pane (see atPlace). */
async function expectAtPlace(page: Page, doc: string, place: Place): Promise<void> {
  const pane = page.getByTestId(`pane-${doc}`);
  await pane.and(page.locator('[data-status="ready"]')).waitFor();
  await pageOf(page, doc, place.page).locator('canvas').first().waitFor();
  const where = await settled(() => placeOffset(page, doc, place.page, place.top), atPlace);
  expect(where).toEqual(expect.objectContaining({ offset: expect.any(Number) }));
  expect(atPlace(where) ? 'at the place' : `off by ${where.offset.toFixed(3)} of a page`).toBe('at the place');
  // The page box names the page most in view: in a short pane, a place low on its page leaves the next one more in
  // view.
  expectPageOf(Number(await page.getByTestId('page-input').inputValue()), place);
}

/** A page number that shows the place: its page, or the next one when the place is low on its page. */
function expectPageOf(shown: number, place: Place): void {
  if (place.top < 0.5) expect(shown).toBe(place.page);
  else expect([place.page, place.page + 1]).toContain(shown);
}

/**
 * Question by question, on a 1280×860 desktop and (E2E_VIEWPORT=phone) a 390×844 phone: a demo paper
 * opened at `&q=3` shows question 3 current and its page at the place it starts; "Mark scheme for this question"
 * lands on question 3's rows, the examiners' comment on it shows, and "Back to the question" returns; choosing
 * another question from the list puts it in the address.
 */
describe('reading a paper question by question', () => {
  let browser: Browser;
  const { baseUrl } = productState();
  let paper: SeededPaper;
  let variantId: number;
  let questions: Questions['questions'];

  beforeAll(async () => {
    browser = await launchBrowser();
    mkdirSync(SHOTS, { recursive: true });
    const papers = await publicApi<SeededPaper[]>(baseUrl, '/past_papers.php?code=0580');
    paper = papers.find((p) => p.variants.some((v) => v.mark_scheme_path && v.examiner_report_path))!;
    variantId = paper.variants.find((v) => v.mark_scheme_path && v.examiner_report_path)!.id;
    // The demo documents are read in the background after the start: wait until the paper is ready.
    const answer = await settled(
      () => publicApi<Questions>(baseUrl, `/papers/${paper.id}/questions?variant=${variantId}`),
      (data) => data.status === 'ready',
      90_000,
    );
    expect(answer.status).toBe('ready');
    questions = answer.questions;
    expect(questions.length).toBeGreaterThanOrEqual(4);
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('opens at question 3, goes to its mark-scheme rows and the examiners’ comment, and back', async () => {
    const three = questions.find((q) => q.number === '3')!;
    expect(three.mark_scheme).not.toBeNull();
    expect(three.examiner_report).not.toBeNull();
    const { page, errors } = await newPage(browser);
    await openPublicPage(page, baseUrl, `/papers/${paper.id}/view?variant=${variantId}&q=3`);

    // Question 3 is current, in the list and above the pages; the question paper is at its place.
    const current = page.getByTestId('current-question');
    await current.waitFor();
    expect(await current.textContent()).toBe(`Question 3 · ${three.marks} marks`);
    const list = page.getByTestId('question-list');
    if (PHONE) {
      // Folded above the pages, saying which question is current; opened with a tap.
      expect(await list.locator('summary').textContent()).toContain('Question 3');
      expect(await page.getByTestId('question-3').isVisible()).toBe(false);
      await list.locator('summary').tap();
    }
    await page.getByTestId('question-3').waitFor();
    expect(await page.getByTestId('question-3').getAttribute('aria-current')).toBe('true');
    expect(await list.locator('[aria-current="true"]').count()).toBe(1);
    expect(await list.locator('li').count()).toBe(questions.length);
    expect(await page.getByTestId('question-1').textContent()).toBe(`Question 1${questions[0]!.marks} marks`);
    if (PHONE) await list.locator('summary').tap();
    await expectAtPlace(page, 'question-paper', three.question_paper);
    await page.waitForURL((url) => Number(url.searchParams.get('page') ?? '1') >= three.question_paper.page);
    expect(new URL(page.url()).searchParams.get('q')).toBe('3');
    await page.screenshot({ path: join(SHOTS, `questions-${PHONE ? 'phone' : 'desktop'}-question.png`) });

    // Its mark-scheme rows: beside the paper on a desktop, in its place on a phone.
    await page.getByRole('button', { name: 'Mark scheme for this question' }).click();
    await page.waitForURL((url) => url.searchParams.get('doc') === 'mark-scheme');
    expectPageOf(Number(urlPage(page)), three.mark_scheme!);
    expect(new URL(page.url()).searchParams.get('q')).toBe('3');
    await expectAtPlace(page, 'mark-scheme', three.mark_scheme!);
    expect(await page.getByTestId('pane-question-paper').isVisible()).toBe(!PHONE);
    if (!PHONE) {
      // The question stays where it was beside its marking (the panes no longer scroll page by page together).
      const question = await placeOffset(page, 'question-paper', three.question_paper.page, three.question_paper.top);
      expect(atPlace(question)).toBe(true);
    }
    await page.screenshot({ path: join(SHOTS, `questions-${PHONE ? 'phone' : 'desktop'}-mark-scheme.png`) });

    // The examiners' comment on it.
    await page.getByRole('button', { name: 'Examiners’ comment' }).click();
    await page.waitForURL((url) => url.searchParams.get('doc') === 'examiner-report');
    expectPageOf(Number(urlPage(page)), three.examiner_report!);
    await page.getByTestId('pane-examiner-report').waitFor({ state: 'visible' });
    await expectAtPlace(page, 'examiner-report', three.examiner_report!);
    await page.screenshot({ path: join(SHOTS, `questions-${PHONE ? 'phone' : 'desktop'}-report.png`) });

    // Back to the question.
    await page.getByRole('button', { name: 'Back to the question' }).click();
    await page.waitForURL((url) => !url.searchParams.has('doc'));
    await page.getByTestId('pane-question-paper').waitFor({ state: 'visible' });
    await expectAtPlace(page, 'question-paper', three.question_paper);
    expect(new URL(page.url()).searchParams.get('q')).toBe('3');

    // Another question from the list: it becomes current and goes into the address.
    const four = questions.find((q) => q.number === '4')!;
    if (PHONE) await page.getByTestId('question-list').locator('summary').tap();
    await page.getByTestId('question-4').click();
    await page.waitForURL((url) => url.searchParams.get('q') === '4');
    // The address changes first; the page shows it on its next render.
    const label = await settled(
      () => current.textContent(),
      (text) => text === `Question 4 · ${four.marks} marks`,
    );
    expect(label).toBe(`Question 4 · ${four.marks} marks`);
    await expectAtPlace(page, 'question-paper', four.question_paper);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('a search hit inside the paper says which question it is in and opens at that question', async () => {
    // Words of question 2's first part (the demo papers of a subject are laid out from its question bank).
    const words = demoQuestions('Mathematics')[1]!
      .parts[0]!.text.split(/[^A-Za-z]+/)
      .filter((word) => word.length >= 6)
      .slice(0, 2);
    const { page, errors } = await newPage(browser);
    await openPublicPage(page, baseUrl, `/search?q=${encodeURIComponent(`0580 ${words.join(' ')}`)}`);
    const label = page.getByTestId('result-question').first();
    await label.waitFor();
    // "in Question 2", or the range of the questions on that page ("in Questions 1–3"): it holds question 2.
    const [, from, to] = /^in Questions? (\d+)(?:–(\d+))?$/.exec((await label.textContent()) ?? '') ?? [];
    expect(Number(from)).toBeLessThanOrEqual(2);
    expect(Number(to ?? from)).toBeGreaterThanOrEqual(2);
    const open = page.locator('a[data-result-link]', { hasText: /Open at question/ }).first();
    const href = (await open.getAttribute('href'))!;
    const number = new URL(href, baseUrl).searchParams.get('q');
    expect(number).toBe(from);
    await open.click();
    const current = page.getByTestId('current-question');
    await current.waitFor();
    expect(await current.textContent()).toContain(`Question ${number}`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows no question list for a paper that is not ready question by question', async () => {
    // A variant without questions: the viewer is the plain reading area (no list, no question actions).
    const { page, errors } = await newPage(browser);
    let answered!: () => void;
    const asked = new Promise<void>((resolve) => (answered = resolve));
    await page.route('**/backend/api/papers/*/questions*', async (route) => {
      await route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          data: { status: 'none', total_marks: null, stated_total: null, source: 'detected', questions: [] },
        }),
      });
      answered();
    });
    await openPublicPage(page, baseUrl, `/papers/${paper.id}/view?variant=${variantId}&q=3`);
    await asked;
    await page.getByTestId('pane-question-paper').and(page.locator('[data-status="ready"]')).waitFor();
    await page.getByTestId('viewer-workspace').waitFor();
    expect(await page.getByTestId('question-list').count()).toBe(0);
    expect(await page.getByTestId('current-question').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
