import { Injectable } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AuditService, RecentActivity } from '../audit/audit.service';
import { DOCUMENTS_WITH_RECORDS } from '../documents/document.queries';

export class PublicDashboardStats {
  @ApiProperty()
  totalPapers!: number;

  @ApiProperty()
  totalUsers!: number;

  @ApiProperty({ description: 'Every download counter summed' })
  totalDownloads!: number;
}

export class TopResource {
  @ApiProperty({ example: 'past-paper-12' })
  id!: string;

  @ApiProperty()
  title!: string;

  @ApiProperty({ enum: ['past-paper', 'mark-scheme', 'examiner-report'] })
  type!: 'past-paper' | 'mark-scheme' | 'examiner-report';

  @ApiProperty()
  downloads!: number;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  lastAccessed!: string | null;
}

export class AdminDashboardStats extends PublicDashboardStats {
  @ApiProperty()
  totalReports!: number;

  @ApiProperty({ type: () => [RecentActivity] })
  recentActivity!: RecentActivity[];

  @ApiProperty({ type: () => [TopResource] })
  topResources!: TopResource[];

  @ApiProperty({
    description: 'Papers (a variant of a session) with a question paper but no mark scheme, over every subject',
  })
  missingMarkSchemes!: number;
}

/**
 * The papers of every sitting that have a question paper and no mark scheme: neither in a variant of that name nor
 * added on its own (linked, or by subject code, year and session) with that paper number. The coverage grid's rule.
 */
const MISSING_MARK_SCHEMES_SQL = `
  WITH sittings AS (
    SELECT p.subject_id, p.year, p.session,
           lower(regexp_replace(trim(v.name), '^paper[[:space:]]*', '', 'i')) AS k,
           bool_or(d.id IS NOT NULL) AS has_ms
      FROM variants v JOIN past_papers p ON p.id = v.past_paper_id
      LEFT JOIN documents d ON d.variant_id = v.id AND d.kind = 'mark-scheme'
     GROUP BY 1, 2, 3, 4
  ), own AS (
    SELECT DISTINCT COALESCE(p.subject_id, s.id) AS subject_id, COALESCE(p.year, m.year) AS year,
           COALESCE(p.session, m.session) AS session,
           lower(regexp_replace(trim(m.paper_number), '^paper[[:space:]]*', '', 'i')) AS k
      FROM mark_schemes m
      LEFT JOIN past_papers p ON p.id = m.past_paper_id
      LEFT JOIN subjects s ON m.past_paper_id IS NULL AND lower(s.code) = lower(m.code)
  )
  SELECT COUNT(*)::int AS n FROM sittings t
   WHERE NOT t.has_ms
     AND NOT EXISTS (SELECT 1 FROM own o
                      WHERE o.subject_id = t.subject_id AND o.year = t.year AND o.session = t.session AND o.k = t.k)`;

export const RECENT_ACTIVITY_SIZE = 10;
export const TOP_RESOURCES_SIZE = 5;

@Injectable()
export class DashboardService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly audit: AuditService,
  ) {}

  /** The counts anyone may see: one round trip. totalDownloads sums every download counter. */
  async publicStats(): Promise<PublicDashboardStats> {
    const [row] = await this.db.query<Array<{ totalPapers: number; totalUsers: number; totalDownloads: string }>>(`
      SELECT
        (SELECT COUNT(*) FROM past_papers)::int AS "totalPapers",
        (SELECT COUNT(*) FROM users)::int AS "totalUsers",
        (SELECT COALESCE(SUM(downloads), 0) FROM documents)::bigint AS "totalDownloads"
    `);
    return { totalPapers: row!.totalPapers, totalUsers: row!.totalUsers, totalDownloads: Number(row!.totalDownloads) };
  }

  /** Adds the examiner report count, the newest audit entries and the most downloaded files. */
  async adminStats(): Promise<AdminDashboardStats> {
    const [counts, recentActivity, topResources, reports, missing] = await Promise.all([
      this.publicStats(),
      this.audit.recent(RECENT_ACTIVITY_SIZE),
      this.topResources(TOP_RESOURCES_SIZE),
      // Every examiner report students can reach: those of variants and those added in their own section.
      this.db.query<Array<{ n: number }>>(`SELECT COUNT(*)::int AS n FROM documents WHERE kind = 'examiner-report'`),
      this.db.query<Array<{ n: number }>>(MISSING_MARK_SCHEMES_SQL),
    ]);
    return {
      ...counts,
      totalReports: reports[0]?.n ?? 0,
      recentActivity,
      topResources,
      missingMarkSchemes: missing[0]?.n ?? 0,
    };
  }

  /** Every downloadable file (variant documents, mark schemes, examiner reports) that was downloaded, most first. */
  private async topResources(limit: number): Promise<TopResource[]> {
    const rows: Array<{ id: string; title: string; type: TopResource['type']; downloads: number; last: Date | null }> =
      await this.db.query(
        `SELECT * FROM (
         SELECT CASE WHEN v.id IS NOT NULL THEN
                  'variant-' || v.id || '-' || CASE d.kind WHEN 'question-paper' THEN 'document' ELSE d.kind END
                  ELSE d.kind || '-' || COALESCE(m.id, r.id) END AS id,
                CASE WHEN v.id IS NOT NULL THEN
                       s.name || ' (' || s.code || ') ' || p.session || ' ' || p.year || ' ' || v.name
                       || CASE d.kind WHEN 'mark-scheme' THEN ' Mark Scheme' WHEN 'examiner-report' THEN ' Examiner Report'
                          ELSE '' END
                     WHEN m.id IS NOT NULL THEN
                       m.subject || ' (' || m.code || ') ' || m.session || ' ' || m.year || ' Paper ' || m.paper_number
                       || ' Mark Scheme'
                     ELSE s.name || ' (' || s.code || ') ' || p.session || ' ' || p.year || ' Paper ' || r.paper_number
                       || ' Examiner Report' END AS title,
                CASE d.kind WHEN 'question-paper' THEN 'past-paper' ELSE d.kind END AS type,
                d.downloads, d.last_downloaded_at AS last
           FROM ${DOCUMENTS_WITH_RECORDS}
          WHERE d.downloads > 0 AND (v.id IS NOT NULL OR m.id IS NOT NULL OR r.id IS NOT NULL)
       ) resources
       ORDER BY downloads DESC, last DESC NULLS LAST, id
       LIMIT $1`,
        [limit],
      );
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      type: r.type,
      downloads: Number(r.downloads),
      lastAccessed: r.last ? new Date(r.last).toISOString() : null,
    }));
  }
}
