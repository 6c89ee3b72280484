/** Question detection: where each question of a paper starts, and its mark-scheme rows and examiner comments. */
export {
  LaidOutTextBuilder,
  isLaidOutText,
  beyondBounds,
  MAX_DOCUMENT_RUNS,
  MAX_PAGES,
  MAX_RUNS_PER_PAGE,
  type LaidOutText,
  type PdfJsTextContent,
  type PdfJsTextItem,
  type TextFont,
  type TextPage,
  type TextRun,
} from './laid-out-text';
export { type PagePosition } from './page-lines';
export { coverFacts, duration, type CoverFacts } from './cover';
export {
  detectQuestionPaper,
  type DetectedQuestion,
  type PaperLayout,
  type QuestionPaperDetection,
} from './question-paper';
export { detectMarkScheme, type MarkSchemeDetection, type MarkSchemeQuestion, type MarkSchemeRow } from './mark-scheme';
export {
  commentsForPaper,
  detectExaminerReport,
  type ExaminerComment,
  type ExaminerReportDetection,
  type ExaminerReportSection,
} from './examiner-report';
export {
  markSchemeReasons,
  questionPaperReasons,
  questionSet,
  type LinkedQuestion,
  type QuestionSet,
  type QuestionSetInput,
  type QuestionsStatus,
} from './question-checks';
