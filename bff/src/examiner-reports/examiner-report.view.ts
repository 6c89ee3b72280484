import { ApiProperty } from '@nestjs/swagger';
import { fileUrlOf } from '../mark-schemes/mark-scheme.view';

/** Spec section 3 "Examiner report": subject, code, year and session are read from the linked paper. */
export class ExaminerReportView {
  @ApiProperty()
  id!: number;

  @ApiProperty()
  past_paper_id!: number;

  @ApiProperty()
  subject!: string;

  @ApiProperty()
  code!: string;

  @ApiProperty()
  paper_number!: string;

  @ApiProperty()
  year!: number;

  @ApiProperty({
    example: 'May/June',
    description: 'Feb/March, May/June or Oct/Nov (older imports may hold other series names)',
  })
  session!: string;

  @ApiProperty()
  summary!: string;

  @ApiProperty({ description: 'The file under /backend/api/files/' })
  file_url!: string;

  @ApiProperty({ type: Number, nullable: true, description: 'Bytes' })
  file_size!: number | null;

  @ApiProperty({ type: String, nullable: true, description: "The uploaded file's own name" })
  file_name!: string | null;

  @ApiProperty()
  downloads!: number;

  @ApiProperty({ description: 'Times opened to read (View), apart from downloads' })
  views!: number;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ format: 'date-time' })
  updated_at!: string;
}

/** The row shape of ExaminerReportsService's list query. */
export interface ExaminerReportRow {
  id: number;
  past_paper_id: number;
  subject: string;
  code: string;
  paper_number: string;
  year: number;
  session: string;
  summary: string;
  file_path: string;
  file_size: number | null;
  file_name: string | null;
  downloads: number;
  views: number;
  created_at: Date;
  updated_at: Date;
}

export function toExaminerReportView(r: ExaminerReportRow): ExaminerReportView {
  return {
    id: r.id,
    past_paper_id: r.past_paper_id,
    subject: r.subject,
    code: r.code,
    paper_number: r.paper_number,
    year: r.year,
    session: r.session,
    summary: r.summary,
    file_url: fileUrlOf(r.file_path),
    file_size: r.file_size,
    file_name: r.file_name,
    downloads: r.downloads,
    views: r.views,
    created_at: new Date(r.created_at).toISOString(),
    updated_at: new Date(r.updated_at).toISOString(),
  };
}
