import { INQUIRY_STATUSES } from '../../common/domain-values';
import { QueryId, QueryInt, QueryOneOf } from '../../common/query-fields';
import { MAX_PAGE_SIZE } from '../inquiries.service';

/** GET /inquiries.php: one inquiry (?path={id}) or a page of them. */
export class InquiriesQuery {
  @QueryId({ description: 'One inquiry' })
  path?: number;

  @QueryInt(1, 1_000_000)
  page?: number;

  @QueryInt(1, MAX_PAGE_SIZE)
  limit?: number;

  @QueryOneOf(INQUIRY_STATUSES)
  status?: (typeof INQUIRY_STATUSES)[number];
}
