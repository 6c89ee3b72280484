import { LEVELS } from '../../common/domain-values';
import { QueryId, QueryOneOf } from '../../common/query-fields';

/** GET /subjects.php: one subject with its papers (?id=), or the list (?level=). */
export class SubjectsQuery {
  @QueryId({ description: 'One subject with its papers' })
  id?: number;

  @QueryOneOf(LEVELS)
  level?: (typeof LEVELS)[number];
}
