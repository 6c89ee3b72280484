import { ApiProperty } from '@nestjs/swagger';
import { SESSIONS } from '../common/domain-values';
import { GRADES } from './boundaries';

export class BoundaryView {
  @ApiProperty({ enum: GRADES, example: 'A*' })
  grade!: string;

  @ApiProperty({ type: 'integer', example: 70 })
  min_marks!: number;
}

/** What a student's score is measured against: one component's thresholds in one series. */
export class SeriesThresholdsView {
  @ApiProperty({ type: 'integer' })
  year!: number;

  @ApiProperty({ enum: SESSIONS })
  session!: string;

  @ApiProperty({ example: '12' })
  component!: string;

  @ApiProperty({ type: 'integer' })
  max_marks!: number;

  @ApiProperty({ type: [BoundaryView], description: 'Highest grade first; min_marks strictly decreasing' })
  boundaries!: BoundaryView[];
}

/** One stored row of thresholds (the subject's list and the admin screen). */
export class GradeThresholdView extends SeriesThresholdsView {
  @ApiProperty({ type: 'integer' })
  id!: number;

  @ApiProperty({ type: 'integer' })
  subject_id!: number;

  @ApiProperty()
  subject_name!: string;

  @ApiProperty()
  subject_code!: string;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ format: 'date-time', description: 'The version an edit names (a stale edit answers 409)' })
  updated_at!: string;
}

/** `{ data }` of the paper read: null when the series has no thresholds for the variant's component. */
export class PaperThresholdsAnswer {
  @ApiProperty({ type: SeriesThresholdsView, nullable: true })
  data!: SeriesThresholdsView | null;
}
