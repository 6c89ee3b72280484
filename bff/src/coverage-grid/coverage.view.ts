import { ApiProperty } from '@nestjs/swagger';
import { LEVELS, SESSIONS } from '../common/domain-values';

export class CoverageSubjectView {
  @ApiProperty()
  id!: number;

  @ApiProperty()
  name!: string;

  @ApiProperty()
  code!: string;

  @ApiProperty({ enum: LEVELS })
  level!: string;
}

/** A paper (component and variant) the subject has in some session: a column of the grid. */
export class CoverageColumnView {
  @ApiProperty({ description: 'The paper as documents name it: `12`, `1F`' })
  key!: string;

  @ApiProperty({ example: 'Paper 12' })
  name!: string;
}

/** Which documents of one paper of one session exist. */
export class CoverageCellView {
  @ApiProperty()
  key!: string;

  @ApiProperty({ type: Number, nullable: true, description: 'The variant holding the question paper, if any' })
  variant_id!: number | null;

  @ApiProperty()
  question_paper!: boolean;

  @ApiProperty()
  mark_scheme!: boolean;

  @ApiProperty({ description: "The paper's own report, or the session's report for all papers" })
  examiner_report!: boolean;
}

/** One row of the grid: a session of a year. */
export class CoverageSessionView {
  @ApiProperty()
  year!: number;

  @ApiProperty({ enum: SESSIONS })
  session!: string;

  @ApiProperty({ enum: ['feb-march', 'may-june', 'oct-nov'] })
  session_slug!: string;

  @ApiProperty({ type: [Number], description: 'The past papers of this session (usually one)' })
  past_paper_ids!: number[];

  @ApiProperty({ description: 'A report on the whole session (Cambridge `er`)' })
  session_examiner_report!: boolean;

  @ApiProperty({ type: [CoverageCellView], description: 'One per column, in column order' })
  cells!: CoverageCellView[];

  @ApiProperty({ description: 'Files in the session zip' })
  files!: number;

  @ApiProperty({ description: 'Bytes of those files (the zip is a few hundred bytes more)' })
  bytes!: number;

  @ApiProperty({ example: '/download/sessions/9702/2023/may-june.zip', description: 'Relative to the API base' })
  zip_url!: string;
}

/** A subject's coverage: years × sessions (newest first) against the papers it has. */
export class CoverageView {
  @ApiProperty({ type: CoverageSubjectView })
  subject!: CoverageSubjectView;

  @ApiProperty({ type: [CoverageColumnView] })
  columns!: CoverageColumnView[];

  @ApiProperty({ type: [CoverageSessionView] })
  sessions!: CoverageSessionView[];

  @ApiProperty({ description: 'Papers that have a question paper but no mark scheme' })
  missing_mark_schemes!: number;
}
