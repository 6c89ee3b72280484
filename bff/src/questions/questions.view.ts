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
    description: 'Admins only: why the paper is flagged, none or pending, in words an admin can act on',
  })
  reasons?: string[];
}
