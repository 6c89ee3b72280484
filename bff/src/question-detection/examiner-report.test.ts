import { commentsForPaper, detectExaminerReport } from './examiner-report';
import { handMadeText, lineAt, type Placed } from './testing/hand-made-text';

/** Lines down a page from baseline 80: [text, gap before it in points (14 within a paragraph)]. */
function page(lines: Array<[string, number?]>): Placed[] {
  let y = 66;
  return lines.flatMap(([value, gap]) => {
    y += gap ?? 14;
    return lineAt(y, [50, value]);
  });
}

const report = handMadeText([
  page([
    ['*PHYSICS'],
    ['*Paper 0625/41', 30],
    ['*Theory (Extended)'],
    ['*Key messages', 24],
    ['Candidates who read each question carefully scored well.', 20],
    ['*Comments on specific questions', 24],
    ['*Question 1', 24],
    ['Most candidates answered this part well.', 18],
    ['*Paper 0625/42', 30],
    ['*Theory (Extended)'],
    ['*General comments', 24],
    ['Few candidates ran out of time, although some left the last part of', 20],
    ['Question 2 unanswered, and a few did not attempt the calculations.'],
    ['*Comments on specific questions', 24],
    ['*Question 1', 24],
    ['(a) Most candidates gave the correct unit.', 18],
    ['Question 2 Many candidates confused mass with weight.', 24],
    ['*Questions 3–5', 24],
    ['Stronger candidates showed their working.', 18],
    ['They wrote clearly and'],
  ]),
  page([
    ['Question 6 was left blank by a few and continues the paragraph above.'],
    ['*Question 7 and 8', 24],
    ['Weaker responses repeated the question.', 18],
    ['*Questions 9, 10 and 12', 24],
    ['Good.', 18],
  ]),
]);

describe('detectExaminerReport', () => {
  it('finds each paper section and the comments on its questions', () => {
    const detected = detectExaminerReport(report)!;
    expect(
      detected.sections.map((section) => [section.paperCode, section.comments.map((c) => [c.label, c.questions])]),
    ).toEqual([
      ['0625/41', [['Question 1', [1]]]],
      [
        '0625/42',
        [
          ['Question 1', [1]],
          ['Question 2', [2]],
          ['Questions 3–5', [3, 4, 5]],
          ['Question 7 and 8', [7, 8]],
          ['Questions 9, 10 and 12', [9, 10, 12]],
        ],
      ],
    ]);
    const comments = commentsForPaper(detected, '0625/42');
    expect(comments[0]!.start).toEqual({
      page: 1,
      top: expect.closeTo(
        (66 + 14 + 30 + 14 + 24 + 20 + 24 + 24 + 18 + 30 + 14 + 24 + 20 + 14 + 24 + 24 - 11) / 841.89,
        3,
      ),
    });
    expect(comments[3]!.start.page).toBe(2);
  });

  it('gives a paper its own section, the only section of a report without paper headings, and nothing else', () => {
    const detected = detectExaminerReport(report);
    expect(commentsForPaper(detected, '0625/41').map((c) => c.label)).toEqual(['Question 1']);
    expect(commentsForPaper(detected, '0625/43')).toEqual([]);
    expect(commentsForPaper(detected, null)).toEqual([]);
    const plain = detectExaminerReport(
      handMadeText([page([['*Question 1'], ['Well done.', 18], ['*Question 2', 24]])]),
    );
    expect(commentsForPaper(plain, '0625/42').map((c) => c.questions)).toEqual([[1], [2]]);
    expect(commentsForPaper(null, '0625/42')).toEqual([]);
  });

  it('is null for a text without comments on questions', () => {
    expect(
      detectExaminerReport(handMadeText([page([['Dear parents,'], ['Question time is on Friday.', 24]])])),
    ).toBeNull();
    expect(
      detectExaminerReport(handMadeText([page([['Dear parents,'], ['The meeting is on Friday.', 24]])])),
    ).toBeNull();
    expect(detectExaminerReport(handMadeText([]))).toBeNull();
  });
});
