import { isoTimestamp } from '../common/sql';

/** Feb/March, May/June, Oct/Nov in calendar order (other series names last). */
const SESSION_ORDER = `CASE g.session WHEN 'Feb/March' THEN 1 WHEN 'May/June' THEN 2 WHEN 'Oct/Nov' THEN 3 ELSE 4 END`;

const VIEW_COLUMNS = `
  g.id, g.subject_id, s.name AS subject_name, s.code AS subject_code, g.year, g.session, g.component, g.max_marks,
  g.boundaries, ${isoTimestamp('g.created_at')} AS created_at, ${isoTimestamp('g.updated_at')} AS updated_at`;

/** Every row ($1: a subject id, or null for all), newest series first, then by component. */
export const THRESHOLDS_SQL = `
  SELECT ${VIEW_COLUMNS}
    FROM grade_thresholds g JOIN subjects s ON s.id = g.subject_id
   WHERE ($1::int IS NULL OR g.subject_id = $1)
   ORDER BY s.name, s.id, g.year DESC, ${SESSION_ORDER} DESC, lower(g.component), g.id`;

export const THRESHOLD_BY_ID_SQL = `
  SELECT ${VIEW_COLUMNS} FROM grade_thresholds g JOIN subjects s ON s.id = g.subject_id WHERE g.id = $1`;

/** The row that would clash with ($1 subject, $2 year, $3 session, $4 component) other than $5 (an update's own). */
export const SAME_COMPONENT_SQL = `
  SELECT id FROM grade_thresholds
   WHERE subject_id = $1 AND year = $2 AND session = $3 AND lower(component) = lower($4) AND id <> COALESCE($5, 0)`;

export const SUBJECT_EXISTS_SQL = `SELECT id, name, code FROM subjects WHERE id = $1`;

/** The variant ($2) of the paper ($1) with its paper's subject and series: no row when they do not belong together. */
export const VARIANT_SERIES_SQL = `
  SELECT v.id FROM variants v WHERE v.id = $2 AND v.past_paper_id = $1`;

/**
 * The thresholds of a variant's component: the paper's subject and series, and a component equal to the variant's
 * name (letter case and runs of spaces aside: "paper 1" for "Paper 1") or to its version ("1" for version 1). The
 * name wins when both match different rows.
 */
export const THRESHOLDS_OF_VARIANT_SQL = `
  SELECT g.year, g.session, g.component, g.max_marks, g.boundaries
    FROM variants v
    JOIN past_papers p ON p.id = v.past_paper_id
    JOIN grade_thresholds g ON g.subject_id = p.subject_id AND g.year = p.year AND g.session = p.session
   WHERE v.id = $2 AND v.past_paper_id = $1
     AND (lower(g.component) = lower(regexp_replace(trim(v.name), '\\s+', ' ', 'g')) OR g.component = v.version::text)
   ORDER BY (lower(g.component) = lower(regexp_replace(trim(v.name), '\\s+', ' ', 'g'))) DESC, g.id
   LIMIT 1`;
