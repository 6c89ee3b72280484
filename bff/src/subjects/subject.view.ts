import { ApiProperty } from '@nestjs/swagger';
import { LEVELS } from '../common/domain-values';
import { PastPaperView } from '../past-papers/past-paper.view';
import type { Subject } from './subject.entity';

export class SubjectView {
  @ApiProperty()
  id!: number;

  @ApiProperty()
  name!: string;

  @ApiProperty()
  code!: string;

  @ApiProperty({ enum: LEVELS })
  level!: string;

  @ApiProperty({ type: String, nullable: true })
  description!: string | null;

  @ApiProperty()
  paper_count!: number;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ format: 'date-time' })
  updated_at!: string;
}

/** One subject (`?id=`) with its past papers. */
export class SubjectWithPapersView extends SubjectView {
  @ApiProperty({ type: () => [PastPaperView] })
  papers!: PastPaperView[];
}

export function toSubjectView(subject: Subject, paperCount: number): SubjectView {
  return {
    id: subject.id,
    name: subject.name,
    code: subject.code,
    level: subject.level,
    description: subject.description,
    paper_count: paperCount,
    created_at: subject.createdAt.toISOString(),
    updated_at: subject.updatedAt.toISOString(),
  };
}
