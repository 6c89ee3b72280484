import { emptyProgress, withBookmark, withQuestion, withStatus, withTotal } from '../../../study/lib/progress';
import { exportFileName, myPapers } from './my-papers';

const paper = (variantId: number, subjectCode: string, subjectName: string) =>
  emptyProgress(
    { paperId: variantId, variantId, title: `${subjectName} Paper ${variantId}`, subjectCode, subjectName },
    0,
  );

describe('my papers', () => {
  it('lists papers by state, grouped by subject A to Z, latest change first', () => {
    const records = [
      withStatus(paper(1, '9702', 'Physics'), 'in-progress', 10),
      withTotal(withStatus(paper(2, '9702', 'Physics'), 'done', 20), 52, 80, 30),
      withBookmark(withStatus(paper(3, '0580', 'Mathematics'), 'done', 5), true, 6),
      withQuestion(paper(4, '9702', 'Physics'), '3a', { bookmarked: true }, 7),
      withStatus(paper(5, '9702', 'Physics'), 'in-progress', 40),
    ];
    const view = myPapers(records);
    expect(view.inProgress.map((g) => [g.subjectName, g.papers.map((p) => p.record.key)])).toEqual([
      ['Physics', ['v5', 'v1']],
    ]);
    expect(view.done.map((g) => g.subjectName)).toEqual(['Mathematics', 'Physics']);
    expect(view.done[1]?.papers[0]?.score).toEqual({ scored: 52, max: 80 });
    expect(view.bookmarked.flatMap((g) => g.papers.map((p) => p.record.key))).toEqual(['v3']);
    expect(view.questions.map((q) => [q.record.key, q.number])).toEqual([['v4', '3a']]);
    expect(view.total).toBe(5);
  });

  it('names the export file by date', () => {
    expect(exportFileName(Date.UTC(2026, 10, 26, 23, 0))).toBe('past-paper-library-progress-2026-11-26.json');
  });
});
