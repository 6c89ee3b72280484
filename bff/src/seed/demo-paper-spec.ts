// Build-time only (with write-demo-documents.ts): the demo papers are laid out by the same Cambridge-layout
// generator the question detection is measured on, so every demo paper is split into its questions after the
// background reading.
import type { LeafSpec, QuestionSpec } from '../question-detection/testing/paper-content';
import { paperSpec, type PaperSpec } from '../question-detection/testing/question-papers';
import { demoQuestions, type DemoDocumentAbout } from './demo-document-text';

const SERIES: Record<string, PaperSpec['series']['short']> = {
  'Feb/March': 'F/M',
  'May/June': 'M/J',
  'Oct/Nov': 'O/N',
};

/** A stable small number from the document's paper and variant (the layout's seed: geometry, spacing, totals). */
function seedOf(about: Omit<DemoDocumentAbout, 'kind'>): number {
  let hash = 2166136261;
  for (const char of `${about.code}|${about.year}|${about.session}|${about.variant}`) {
    hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
  }
  return hash % 100_000;
}

/** "Paper 2" → 2 (the variant's number; 1 when the name carries none). */
function variantNumber(variant: string): number {
  const found = /(\d+)/.exec(variant);
  return found ? Math.min(9, Math.max(1, Number(found[1]))) : 1;
}

/**
 * The content of one demo paper variant, for the question paper, mark scheme and examiner report alike: the
 * subject's question bank (each part with its marks, its mark-scheme answer and the examiners' comment), on the
 * cover the subject code and component ("0625/21": the variant's number, then 1) and the stated total, which is
 * the sum of the part marks (the demo papers are sound: each one is `ready` once read).
 */
export function demoPaperSpec(about: Omit<DemoDocumentAbout, 'kind'>): PaperSpec {
  const bank = demoQuestions(about.subject);
  const base = paperSpec(seedOf(about), {
    questions: bank.length,
    board: 'cambridge',
    subject: about.subject.toUpperCase(),
    syllabus: about.code,
    component: `${variantNumber(about.variant)}1`,
    series: SERIES[about.session] ?? 'M/J',
    year: about.year,
  });
  const questions = bank.map((question, index): QuestionSpec => {
    const number = index + 1;
    const leaves = question.parts.map((part, p): LeafSpec => ({
      label: question.parts.length > 1 ? `(${'abcdefgh'[p]!})` : '',
      partIntro: null,
      text: part.text,
      marks: part.marks,
      answerLines: Math.min(4, part.marks + 1),
      unit: null,
      quantity: null,
      scheme: [{ text: part.answer, value: part.marks }],
    }));
    return {
      number,
      printedNumber: number,
      stem: [`This question is about ${question.topic.toLowerCase()}.`],
      figure: null,
      table: null,
      leaves,
      marks: leaves.reduce((sum, leaf) => sum + leaf.marks, 0),
      comments: [question.comment],
    };
  });
  const totalMarks = questions.reduce((sum, question) => sum + question.marks, 0);
  return {
    ...base,
    title: `Paper ${variantNumber(about.variant)} Theory`,
    questions,
    totalMarks,
    statedTotal: totalMarks,
    markStyle: 'numbers',
    commentGroups: questions.map((question) => [question.number]),
    damage: null,
    schemeChange: null,
  };
}
