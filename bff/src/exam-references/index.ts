/** Exam-board references: file names (bulk import) and search queries (search), one grammar for both. */
export {
  parseDocumentFileName,
  type Attention,
  type DocumentFileResult,
  type EdexcelReference,
  type ParseOptions,
  type RecognisedCambridgeFile,
  type RecognisedDocumentFile,
  type RecognisedEdexcelFile,
  type SkippedDocumentFile,
  type UnrecognisedDocumentFile,
} from './document-file-name';
export { assignEdexcelSeries, MAX_PUBLICATION_DELAY_DAYS } from './edexcel-series';
export { parseSearchQuery, type InterpretedQuery, type QueryParseOptions } from './search-query';
export { variantNaming, type DocumentType, type ExamBoard, type Series, type VariantNaming } from './exam-grammar';
