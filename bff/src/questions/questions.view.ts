import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

export const PAPER_QUESTION_STATUSES = ['ready', 'pending', 'flagged', 'none'] as const;
export type PaperQuestionsStatus = (typeof PAPER_QUESTION_STATUSES)[number];

/** Where a question starts in one document: page from 1, `top` from 0 (top of the page) to 1 (bottom). */
export class QuestionPlaceView {
  @ApiProperty({ type: 'integer' })
  document_id!: number;

  @ApiProperty({ type: 'integer', minimum: 1 })
  page!: number;

  @ApiProperty({ type: 'number', minimum: 0, maximum: 1 })
  top!: number;
}

export class QuestionView {
  @ApiProperty({ example: '1' })
  number!: string;

  @ApiProperty({ type: 'integer' })
  marks!: number;

  @ApiProperty({ type: QuestionPlaceView })
  question_paper!: QuestionPlaceView;

  @ApiProperty({ type: QuestionPlaceView, nullable: true })
  mark_scheme!: QuestionPlaceView | null;

  @ApiProperty({ type: QuestionPlaceView, nullable: true })
  examiner_report!: QuestionPlaceView | null;
}

/** One of the documents a variant's questions point into, for the admin's editor. */
export class QuestionDocumentView {
  @ApiProperty({ type: 'integer' })
  document_id!: number;

  @ApiProperty({ type: 'integer', nullable: true, description: 'Its page count, when known from its reading' })
  pages!: number | null;
}

export class QuestionDocumentsView {
  @ApiProperty({ type: QuestionDocumentView, nullable: true })
  question_paper!: QuestionDocumentView | null;

  @ApiProperty({ type: QuestionDocumentView, nullable: true })
  mark_scheme!: QuestionDocumentView | null;

  @ApiProperty({ type: QuestionDocumentView, nullable: true })
  examiner_report!: QuestionDocumentView | null;
}

export class PaperQuestionsView {
  @ApiProperty({
    enum: PAPER_QUESTION_STATUSES,
    description:
      'ready: every check passed. Admins also see pending (a document is still being read), flagged (see reasons) ' +
      'and none (no question layout recognised); the public sees none, with no questions, for anything but ready.',
  })
  status!: PaperQuestionsStatus;

  @ApiProperty({ type: 'integer', nullable: true, description: "The sum of the questions' marks" })
  total_marks!: number | null;

  @ApiProperty({ type: 'integer', nullable: true, description: "The total printed on the paper's cover" })
  stated_total!: number | null;

  @ApiProperty({ enum: ['detected', 'edited'] })
  source!: 'detected' | 'edited';

  @ApiProperty({ type: [QuestionView] })
  questions!: QuestionView[];

  @ApiPropertyOptional({
    type: [String],
    description:
      'Admins only: why the paper is flagged, none or pending, in words an admin can act on (for a confirmed edit: ' +
      'what its checks found, confirmed anyway)',
  })
  reasons?: string[];

  @ApiPropertyOptional({
    type: String,
    format: 'date-time',
    nullable: true,
    description:
      "Admins only: the version of the question paper's questions, to send back as updated_at with an edit " +
      '(null while nothing is stored for it)',
  })
  updated_at?: string | null;

  @ApiPropertyOptional({
    description: 'Admins only: an admin confirmed the edited questions although checks flag them',
  })
  confirmed?: boolean;

  @ApiPropertyOptional({
    type: QuestionDocumentsView,
    description: 'Admins only: the documents the questions point into, with their page counts',
  })
  documents?: QuestionDocumentsView;
}
