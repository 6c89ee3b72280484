import { VARIANT_DOCUMENT_TYPES, type VariantDocumentType } from '../../common/domain-values';
import { InlineQuery, QueryId, QueryOneOf } from '../../common/query-fields';

/** /download/papers/{id}: which of the first variant's documents. */
export class PaperDownloadQuery extends InlineQuery {
  @QueryOneOf(VARIANT_DOCUMENT_TYPES, { description: 'Default: document' })
  document_type?: VariantDocumentType;
}

/** /mark_schemes.php and /examiner_reports.php reads: one record or the list (admins), or a file (anyone). */
export class DocumentReadQuery extends InlineQuery {
  @QueryId({ description: 'One record (admins)' })
  id?: number;

  @QueryId({ description: "Download the record's file (anyone)" })
  download_id?: number;
}
