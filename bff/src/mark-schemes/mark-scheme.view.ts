import { ApiProperty } from '@nestjs/swagger';
import type { Document } from '../documents/document.entity';
import type { MarkScheme } from './mark-scheme.entity';

/** Spec section 3 "Mark scheme"; file_url is relative to the API base (/files/<stored path>). */
export class MarkSchemeView {
  @ApiProperty()
  id!: number;

  @ApiProperty()
  subject!: string;

  @ApiProperty()
  code!: string;

  @ApiProperty()
  paperNumber!: string;

  @ApiProperty()
  year!: number;

  @ApiProperty({
    example: 'May/June',
    description: 'Feb/March, May/June or Oct/Nov (older imports may hold other series names)',
  })
  session!: string;

  @ApiProperty({ description: 'The file under /backend/api/files/' })
  file_url!: string;

  @ApiProperty({ type: Number, nullable: true, description: 'Bytes' })
  file_size!: number | null;

  @ApiProperty({ type: String, nullable: true, description: "The uploaded file's own name (null for a link)" })
  file_name!: string | null;

  @ApiProperty({ type: Number, nullable: true })
  past_paper_id!: number | null;

  @ApiProperty()
  downloads!: number;

  @ApiProperty({ description: 'Times opened to read (View), apart from downloads' })
  views!: number;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ format: 'date-time' })
  updated_at!: string;
}

export const fileUrlOf = (storedPath: string): string => `/files/${storedPath}`;

/** A mark scheme row with its document loaded (its file and counters). */
export function toMarkSchemeView(
  m: MarkScheme & { document?: Pick<Document, 'storageKey' | 'size' | 'originalName' | 'downloads' | 'views'> },
): MarkSchemeView {
  if (!m.document) throw new Error('Mark scheme read without its document');
  return {
    id: m.id,
    subject: m.subject,
    code: m.code,
    paperNumber: m.paperNumber,
    year: m.year,
    session: m.session,
    file_url: fileUrlOf(m.document.storageKey),
    file_size: m.document.size,
    file_name: m.document.originalName,
    past_paper_id: m.pastPaperId,
    downloads: m.document.downloads,
    views: m.document.views,
    created_at: m.createdAt.toISOString(),
    updated_at: m.updatedAt.toISOString(),
  };
}
