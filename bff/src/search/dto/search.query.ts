import { LEVELS, SESSIONS } from '../../common/domain-values';
import { QueryInt, QueryOneOf, QueryText } from '../../common/query-fields';
import { SEARCH_DOCUMENT_TYPES } from '../search.view';

/** The most results one page may hold, and the deepest page (deep paging costs the database, and nobody reads it). */
export const MAX_LIMIT = 50;
export const MAX_PAGE = 200;
export const DEFAULT_LIMIT = 20;

/** GET /search: what the student typed, and the facet filters chosen on the results page. */
export class SearchQuery {
  @QueryText({
    description:
      'What the student typed: paper codes (9702_s23_qp_12, 9702/12/M/J/23, wph11 jan 2023), subjects, levels, sessions, years, words',
    maxLength: 200,
  })
  q?: string;

  @QueryOneOf(LEVELS, { description: 'Only this level' })
  level?: string;

  @QueryText({ description: 'Only this subject (its code)', maxLength: 200 })
  subject?: string;

  @QueryInt(1990, 2100, { description: 'Only this year' })
  year?: number;

  @QueryOneOf(SESSIONS, { description: 'Only this session' })
  session?: string;

  @QueryOneOf(SEARCH_DOCUMENT_TYPES, { description: 'Only this kind of document' })
  type?: string;

  @QueryInt(1, MAX_PAGE, { description: 'Page of results, from 1' })
  page?: number;

  @QueryInt(1, MAX_LIMIT, { description: `Results per page (default ${DEFAULT_LIMIT})` })
  limit?: number;
}
