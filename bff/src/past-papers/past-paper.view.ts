import { ApiProperty, OmitType } from '@nestjs/swagger';
import { LEVELS } from '../common/domain-values';
import { isoTimestamp } from '../common/sql';

export class VariantView {
  @ApiProperty()
  id!: number;

  @ApiProperty()
  past_paper_id!: number;

  @ApiProperty()
  name!: string;

  @ApiProperty()
  slug!: string;

  @ApiProperty()
  version!: number;

  @ApiProperty()
  document_path!: string;

  @ApiProperty({ type: String, nullable: true })
  mark_scheme_path!: string | null;

  @ApiProperty({ type: String, nullable: true })
  examiner_report_path!: string | null;

  @ApiProperty({ description: 'Bytes' })
  document_size!: number;

  @ApiProperty({ type: Number, nullable: true })
  mark_scheme_size!: number | null;

  @ApiProperty({ type: Number, nullable: true })
  examiner_report_size!: number | null;

  @ApiProperty({
    type: 'integer',
    nullable: true,
    description:
      "The official duration of the variant's component in minutes: the admin's, else the one read from the question paper's cover; null when neither",
  })
  duration_minutes!: number | null;

  @ApiProperty({
    enum: ['admin', 'cover'],
    nullable: true,
    description: 'Where duration_minutes comes from: set by an admin, or read from the cover (null: no duration)',
  })
  duration_source!: 'admin' | 'cover' | null;

  @ApiProperty({ description: "All downloads of this variant's documents" })
  downloads!: number;

  @ApiProperty()
  document_downloads!: number;

  @ApiProperty()
  mark_scheme_downloads!: number;

  @ApiProperty()
  examiner_report_downloads!: number;

  @ApiProperty({ description: 'Times the question paper was opened to read (View), apart from downloads' })
  document_views!: number;

  @ApiProperty()
  mark_scheme_views!: number;

  @ApiProperty()
  examiner_report_views!: number;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ format: 'date-time' })
  updated_at!: string;
}

/** A mark scheme or examiner report added in its own admin section, listed with the paper it belongs to. */
export class LinkedDocumentView {
  @ApiProperty({ enum: ['mark_scheme', 'examiner_report'] })
  kind!: 'mark_scheme' | 'examiner_report';

  @ApiProperty({ description: 'The mark scheme or examiner report id (its download link: ?download_id=)' })
  id!: number;

  @ApiProperty()
  paper_number!: string;

  @ApiProperty({ type: String, nullable: true })
  file_name!: string | null;

  @ApiProperty({ type: Number, nullable: true })
  file_size!: number | null;

  @ApiProperty()
  downloads!: number;

  @ApiProperty({ description: 'A PDF (shown in the browser by View)' })
  is_pdf!: boolean;
}

export class PastPaperView {
  @ApiProperty()
  id!: number;

  @ApiProperty()
  subject_id!: number;

  @ApiProperty()
  subject!: string;

  @ApiProperty()
  subject_name!: string;

  @ApiProperty()
  subject_code!: string;

  @ApiProperty({ enum: LEVELS })
  subject_level!: string;

  @ApiProperty()
  code!: string;

  @ApiProperty({ enum: LEVELS })
  level!: string;

  @ApiProperty()
  year!: number;

  @ApiProperty({
    example: 'May/June',
    description: 'Feb/March, May/June or Oct/Nov (older imports may hold other series names)',
  })
  session!: string;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ format: 'date-time' })
  updated_at!: string;

  @ApiProperty({ type: () => [VariantView] })
  variants!: VariantView[];

  @ApiProperty({
    type: () => [LinkedDocumentView],
    description: 'Mark schemes and examiner reports added in their own sections that belong to this paper',
  })
  linked_documents!: LinkedDocumentView[];
}

/** A past paper in the compact list shape (`?view=summary`): figures about its variants instead of the variants. */
export class PastPaperSummaryView extends OmitType(PastPaperView, ['variants', 'linked_documents'] as const) {
  @ApiProperty()
  variant_count!: number;

  @ApiProperty()
  mark_scheme_count!: number;

  @ApiProperty()
  examiner_report_count!: number;

  @ApiProperty({ description: "All downloads of the paper's documents" })
  downloads!: number;

  @ApiProperty({ format: 'date-time', description: 'The newest update of the paper or any of its variants' })
  last_updated_at!: string;
}

/** The columns of a PastPaperView (without variants) from `past_papers p JOIN subjects s`. */
export const PAPER_VIEW_COLUMNS = `
  p.id, p.subject_id, s.name AS subject, s.name AS subject_name, s.code AS subject_code, s.level AS subject_level,
  s.code, s.level, p.year, p.session, ${isoTimestamp('p.created_at')} AS created_at, ${isoTimestamp('p.updated_at')} AS updated_at`;

/** The columns of a VariantView from `variants v` and its documents `c` (VARIANT_DOCUMENTS_JOIN). */
export const VARIANT_VIEW_COLUMNS = `
  v.id, v.past_paper_id, v.name, v.slug, v.version, c.document_path, c.mark_scheme_path, c.examiner_report_path,
  c.document_size, c.mark_scheme_size, c.examiner_report_size,
  COALESCE(v.duration_minutes, cd.minutes) AS duration_minutes,
  CASE WHEN v.duration_minutes IS NOT NULL THEN 'admin' WHEN cd.minutes IS NOT NULL THEN 'cover' END AS duration_source,
  c.document_downloads + c.mark_scheme_downloads + c.examiner_report_downloads AS downloads,
  c.document_downloads, c.mark_scheme_downloads, c.examiner_report_downloads,
  c.document_views, c.mark_scheme_views, c.examiner_report_views,
  ${isoTimestamp('v.created_at')} AS created_at, ${isoTimestamp('v.updated_at')} AS updated_at`;

/**
 * Each slot of variant `v` from its documents, as `c`: the stored file (its key is the API's `*_path`) and size, the
 * counters, and its question paper's document id.
 */
export const VARIANT_DOCUMENTS_JOIN = `
  CROSS JOIN LATERAL (
    SELECT MAX(d.storage_key) FILTER (WHERE d.kind = 'question-paper') AS document_path,
           MAX(d.storage_key) FILTER (WHERE d.kind = 'mark-scheme') AS mark_scheme_path,
           MAX(d.storage_key) FILTER (WHERE d.kind = 'examiner-report') AS examiner_report_path,
           MAX(d.size) FILTER (WHERE d.kind = 'question-paper') AS document_size,
           MAX(d.size) FILTER (WHERE d.kind = 'mark-scheme') AS mark_scheme_size,
           MAX(d.size) FILTER (WHERE d.kind = 'examiner-report') AS examiner_report_size,
           COALESCE(SUM(d.downloads) FILTER (WHERE d.kind = 'question-paper'), 0)::int AS document_downloads,
           COALESCE(SUM(d.downloads) FILTER (WHERE d.kind = 'mark-scheme'), 0)::int AS mark_scheme_downloads,
           COALESCE(SUM(d.downloads) FILTER (WHERE d.kind = 'examiner-report'), 0)::int AS examiner_report_downloads,
           COALESCE(SUM(d.views) FILTER (WHERE d.kind = 'question-paper'), 0)::int AS document_views,
           COALESCE(SUM(d.views) FILTER (WHERE d.kind = 'mark-scheme'), 0)::int AS mark_scheme_views,
           COALESCE(SUM(d.views) FILTER (WHERE d.kind = 'examiner-report'), 0)::int AS examiner_report_views,
           MAX(d.last_downloaded_at) FILTER (WHERE d.kind = 'question-paper') AS document_last_downloaded_at,
           MAX(d.last_downloaded_at) FILTER (WHERE d.kind = 'mark-scheme') AS mark_scheme_last_downloaded_at,
           MAX(d.last_downloaded_at) FILTER (WHERE d.kind = 'examiner-report') AS examiner_report_last_downloaded_at,
           MAX(d.id) FILTER (WHERE d.kind = 'question-paper') AS question_paper_id
      FROM documents d WHERE d.variant_id = v.id) c`;

/**
 * The duration read from the cover of variant `v`'s question paper (`c.question_paper_id`, VARIANT_DOCUMENTS_JOIN), as
 * `cd.minutes` (null when none): from the detection stored for the file the document holds now (or an admin's edited
 * one), a whole number from 1 to 600. The nested CASE casts only a JSON number.
 */
export const VARIANT_COVER_DURATION_JOIN = `
  LEFT JOIN questions cq ON cq.document_id = c.question_paper_id
  LEFT JOIN document_texts ct ON ct.document_id = c.question_paper_id
  CROSS JOIN LATERAL (
    SELECT CASE WHEN jsonb_typeof(cq.detection #> '{cover,durationMinutes}') = 'number' THEN
             CASE WHEN (cq.generation = ct.generation OR cq.source = 'edited')
                   AND (cq.detection #>> '{cover,durationMinutes}')::numeric BETWEEN 1 AND 600
                  THEN round((cq.detection #>> '{cover,durationMinutes}')::numeric)::int END
           END AS minutes) cd`;
