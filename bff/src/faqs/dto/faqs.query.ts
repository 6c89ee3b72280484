import { QueryFlag, QueryId, QueryText } from '../../common/query-fields';

/** GET /faqs.php: one FAQ (?path={id}) or { faqs, categories }. */
export class FaqsQuery {
  @QueryId({ description: 'One FAQ' })
  path?: number;

  @QueryText()
  category?: string;

  @QueryFlag({ description: 'Only published FAQs (admins otherwise see drafts too)' })
  published_only?: boolean;
}
