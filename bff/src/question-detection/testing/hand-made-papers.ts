import { type LaidOutText } from '../laid-out-text';
import { handMadeText, lineAt, markAt, type Placed } from './hand-made-text';

/** A question of a hand-made paper: its printed number, its parts (label and mark), its printed total if any. */
export interface HandMadeQuestion {
  number: string;
  parts: Array<[label: string, marks: number]>;
  total?: number;
}

export interface HandMadePaperOptions {
  statedTotal?: number | null;
  duration?: string;
  /** Insert a "BLANK PAGE" page after this question page (index from 0 among question pages). */
  blankAfter?: number;
  /** Question number and text in one run ("1 The diagram shows"), as pdf.js gives them when the font is the same. */
  mergedNumbers?: boolean;
  /** Edexcel's layout: marks "(n)" below the answer lines and "(Total for Question N = M marks)". */
  edexcel?: boolean;
  /** How many parts fit on a page. */
  partsPerPage?: number;
}

const LEFT = 50;
const TEXT = 78;
const SUB = 106;

/**
 * A question paper laid out by hand in the Cambridge way: a cover, then the questions (number at the left margin,
 * parts indented, marks at the right edge) under running headers and footers, then the end matter.
 */
export function handMadePaper(questions: HandMadeQuestion[], options: HandMadePaperOptions = {}): LaidOutText {
  const marks = questions.reduce((sum, q) => sum + q.parts.reduce((inner, [, m]) => inner + m, 0), 0);
  const stated = options.statedTotal === undefined ? marks : options.statedTotal;
  const cover: Placed[] = [
    ...lineAt(60, [50, '*Cambridge IGCSE']),
    ...lineAt(150, [50, '*PHYSICS'], [500, '*0625/42']),
    ...lineAt(170, [50, 'Paper 4 Theory (Extended)'], [460, 'May/June 2024']),
    ...lineAt(188, [460, options.duration ?? '1 hour 15 minutes']),
    ...lineAt(270, [50, '*INSTRUCTIONS']),
    ...lineAt(288, [50, '•'], [64, 'Answer all questions.']),
    ...lineAt(470, [50, '*INFORMATION']),
    ...(stated !== null ? lineAt(488, [50, '•'], [64, `The total mark for this paper is ${stated}.`]) : []),
    ...lineAt(506, [50, '•'], [64, 'The number of marks for each question or part question is shown in brackets [ ].']),
    ...lineAt(812, [50, '© UCLES 2024'], [500, '[Turn over']),
  ];
  const pages: Placed[][] = [cover];
  const perPage = options.partsPerPage ?? 6;
  let page: Placed[] = [];
  let y = 80;
  let parts = 0;
  const newPage = (): void => {
    pages.push(page);
    if (options.blankAfter !== undefined && pages.length - 2 === options.blankAfter) {
      pages.push(lineAt(400, [260, '*BLANK PAGE']));
    }
    page = [];
    y = 80;
    parts = 0;
  };
  for (const question of questions) {
    if (parts >= perPage) newPage();
    const stem = `A student investigates question ${question.number}.`;
    page.push(
      ...(options.mergedNumbers
        ? lineAt(y, [LEFT, `${question.number} ${stem}`])
        : lineAt(y, [LEFT, `*${question.number}`], [TEXT, stem])),
    );
    y += 20;
    for (const [label, mark] of question.parts) {
      if (parts >= perPage) newPage();
      const sub = /^\([ivx]+\)$/.test(label);
      page.push(...lineAt(y, [sub ? SUB : TEXT, label], [sub ? SUB + 28 : SUB, 'Explain what happens.']));
      y += 24;
      if (options.edexcel) {
        page.push(...lineAt(y, [SUB, '.............................................................']));
        y += 16;
        page.push(markAt(y, `(${mark})`));
      } else {
        page.push(
          ...lineAt(y, [SUB, '.............................................................']),
          markAt(y, `[${mark}]`),
        );
      }
      y += 26;
      parts++;
    }
    if (options.edexcel) {
      const total = question.total ?? question.parts.reduce((sum, [, m]) => sum + m, 0);
      page.push(markAt(y, `(Total for Question ${question.number} = ${total} marks)`));
      y += 24;
    } else if (question.total !== undefined) {
      page.push(markAt(y, `[Total: ${question.total}]`));
      y += 24;
    }
  }
  pages.push(page);
  pages.push([
    ...lineAt(400, [260, '*BLANK PAGE']),
    ...lineAt(760, [
      50,
      'Permission to reproduce items where third-party owned material protected by copyright is included',
    ]),
    ...lineAt(772, [50, '1 Hills Road, Cambridge: see the Cambridge Assessment website.']),
  ]);
  // Running header and footer on every page but the cover.
  const count = pages.length;
  pages.forEach((placed, index) => {
    if (index === 0) return;
    placed.push(
      ...lineAt(30, [297, String(index + 1)], [50, `* 0019655398${String(index + 1).padStart(2, '0')} *`]),
      ...lineAt(812, [50, '© UCLES 2024'], [260, '0625/42/M/J/24']),
    );
    if (index % 2 === 0 && index < count - 1) placed.push(markAt(812, '[Turn over'));
  });
  return handMadeText(pages);
}

/** Questions numbered 1..n with two parts each: (a) [2] and (b) [3]. */
export const simpleQuestions = (n: number): HandMadeQuestion[] =>
  Array.from({ length: n }, (_, i) => ({
    number: String(i + 1),
    parts: [
      ['(a)', 2],
      ['(b)', 3],
    ],
  }));
