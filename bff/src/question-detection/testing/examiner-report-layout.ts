import { type PaperSpec } from './paper-content';
import { PAGE_HEIGHT, PAGE_WIDTH, PageFlow, text, wrap, type DrawnPage, type Measure } from './page-drawing';
import { Random } from './random';

/** Where the report comments on each question of the generated paper (its own section of the report). */
export interface ExaminerReportLabels {
  paperCode: string;
  comments: Array<{ label: string; questions: number[]; start: { page: number; top: number } }>;
}

const LEFT = 50;
const RIGHT = 545;
const TOP = 70;
const BOTTOM = 780;
const LINE = 13;
const SIZE = 10;

/**
 * Lays out an examiner report covering the paper and its sibling variants (each under "Paper 0625/4n"), so that
 * the paper's own comments must be told apart from the others'.
 */
export function layoutExaminerReport(
  spec: PaperSpec,
  measure: Measure,
): { pages: DrawnPage[]; labels: ExaminerReportLabels } {
  const random = new Random(spec.seed * 104_729 + 3);
  const flow = new PageFlow(TOP, BOTTOM);
  const paragraph = (value: string, font: 'regular' | 'bold' = 'regular'): { page: number; y: number } => {
    const lines = value.split('\n').flatMap((part) => wrap(part, RIGHT - LEFT, measure, font, SIZE));
    let first: { page: number; y: number } | null = null;
    lines.forEach((line) => {
      const placed = flow.place(LINE, (y) => [text(line, LEFT, y, SIZE, font)]);
      first ??= placed;
    });
    flow.gap(8);
    return first!;
  };
  flow.newPage();
  flow.place(24, (y) => [text(spec.subject, LEFT, y, 14, 'bold')]);

  const own = spec.component;
  // A Cambridge report covers the variants of a component; Edexcel's feedback is one paper's.
  const siblings =
    spec.board === 'cambridge' ? [...new Set([`${own[0]}1`, `${own[0]}2`, `${own[0]}3`, own])].sort() : [own];
  const comments: ExaminerReportLabels['comments'] = [];
  for (const component of siblings) {
    const mine = component === own;
    const code = spec.board === 'cambridge' ? `${spec.syllabus}/${component}` : spec.paperCode;
    flow.gap(12);
    flow.place(LINE * 2 + 6, (y) => [
      text(`Paper ${code}`, LEFT, y, 11, 'bold'),
      text(spec.title.replace(/^Paper \d+ /, ''), LEFT, y + LINE + 2, 11, 'bold'),
    ]);
    paragraph('Key messages', 'bold');
    paragraph(
      'Candidates who read each question carefully and used the data given in the question scored well. Answers should be given to an appropriate number of significant figures.',
    );
    paragraph('General comments', 'bold');
    // A line of the general comments starts with "Question 2": it is inside a paragraph, not a comment's start.
    paragraph(
      'The paper discriminated well between candidates of different abilities. Few candidates ran out of time, although some left the last part of\nQuestion 2 unanswered, and a few did not attempt the calculations.',
    );
    paragraph('Comments on specific questions', 'bold');
    const groups = mine ? spec.commentGroups : siblingGroups(random);
    for (const group of groups) {
      const label =
        group.length === 1
          ? `Question ${group[0]}`
          : group.length === 2 && random.chance(0.5)
            ? `Question ${group[0]} and ${group[1]}`
            : `Questions ${group[0]}–${group[group.length - 1]}`;
      const texts = mine
        ? group.flatMap((number) => spec.questions[number - 1]?.comments ?? [])
        : ['Most candidates answered this question well.', 'Some candidates did not give a unit.'];
      flow.gap(4);
      let start: { page: number; y: number };
      if (random.chance(0.3)) {
        // The heading runs into its paragraph: "Question 4 Most candidates ...".
        start = paragraph(`${label} ${texts[0]!}`);
        texts.slice(1).forEach((comment, i) => paragraph(`(${'abcdef'[i]}) ${comment}`));
      } else {
        start = flow.place(LINE + 4, (y) => [text(label, LEFT, y, SIZE + 1, 'bold')]);
        texts.forEach((comment, i) => paragraph(texts.length > 1 ? `(${'abcdef'[i]}) ${comment}` : comment));
      }
      if (mine)
        comments.push({ label, questions: group, start: { page: start.page + 1, top: round(start.y / PAGE_HEIGHT) } });
    }
  }
  const yearMonth = `${spec.series.name.split('/')[1]} ${spec.series.year}`;
  const pages = flow.pages.map((ops, index) => [
    ...ops,
    text('Cambridge International General Certificate of Secondary Education', LEFT, 28, 8),
    text(`${spec.syllabus} ${spec.subject.toLowerCase()} ${yearMonth}`, RIGHT, 28, 8, 'regular', 'right'),
    text('Principal Examiner Report for Teachers', RIGHT, 40, 8, 'regular', 'right'),
    text(`© ${spec.series.year}`, PAGE_WIDTH / 2, 812, 8, 'regular', 'centre'),
    text(String(index + 1), RIGHT, 812, 8, 'regular', 'right'),
  ]);
  return { pages, labels: { paperCode: spec.paperCode, comments } };
}

const round = (n: number): number => Math.round(n * 10_000) / 10_000;

function siblingGroups(random: Random): number[][] {
  return Array.from({ length: random.int(4, 8) }, (_, i) => [i + 1]);
}
