import type { Subject } from './subject.entity';

export interface SubjectView {
  id: number;
  name: string;
  code: string;
  level: string;
  description: string | null;
  paper_count: number;
  created_at: string;
  updated_at: string;
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
