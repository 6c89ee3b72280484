import { VARIANT_DOCUMENT_TYPES, type VariantDocumentType } from '../../common/domain-values';
import { InlineQuery, QueryId, QueryInt, QueryOneOf, QueryText } from '../../common/query-fields';

/** The most papers `?recent=` may ask for. */
export const MAX_RECENT_PAPERS = 50;

/** GET /past_papers.php dispatches on which key is present (see PastPapersController.read). */
export class PastPapersQuery extends InlineQuery {
  @QueryId({ description: 'One paper with its variants' })
  id?: number;

  @QueryText({ description: "A subject's papers by subject code" })
  code?: string;

  @QueryText()
  category?: string;

  @QueryId()
  subject_id?: number;

  @QueryOneOf(['summary'], { description: 'summary: the compact shape (no variants, variant_count)' })
  view?: 'summary';

  @QueryInt(1, MAX_RECENT_PAPERS, {
    description: 'Only the N most recently updated papers, newest first (the home page asks for 6)',
  })
  recent?: number;

  @QueryId({ description: "Download a variant's document (with variant_document_type)" })
  download_variant_id?: number;

  @QueryOneOf(VARIANT_DOCUMENT_TYPES, { description: 'Default: document' })
  variant_document_type?: VariantDocumentType;

  @QueryId({ description: "Download the first variant's document of this paper (with document_type)" })
  download_id?: number;

  @QueryOneOf(VARIANT_DOCUMENT_TYPES, { description: 'Default: document' })
  document_type?: VariantDocumentType;
}
