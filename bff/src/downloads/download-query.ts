import { VARIANT_DOCUMENT_TYPES } from '../common/domain-values';
import { optionalFlag, optionalOneOf, parseId } from '../common/query-values';
import type { DownloadTarget } from './download-target';
import type { DownloadLinksService } from './download-links.service';

/** `inline=1` asks for Content-Disposition: inline (the View action). */
export function wantsInline(query: Record<string, unknown>): boolean {
  return optionalFlag(query.inline, 'inline') === true;
}

/**
 * The download forms of /past_papers.php, or undefined when the query asks for data:
 * `?download_variant_id={id}&variant_document_type=...` and `?download_id={paperId}&document_type=...`.
 */
export function pastPaperDownload(
  links: DownloadLinksService,
  query: Record<string, unknown>,
): Promise<DownloadTarget> | undefined {
  if (query.download_variant_id !== undefined) {
    const type =
      optionalOneOf(query.variant_document_type, VARIANT_DOCUMENT_TYPES, 'variant_document_type') ?? 'document';
    return links.variantDocument(parseId(query.download_variant_id, 'download_variant_id'), type);
  }
  if (query.download_id !== undefined) {
    const type = optionalOneOf(query.document_type, VARIANT_DOCUMENT_TYPES, 'document_type') ?? 'document';
    return links.paperDocument(parseId(query.download_id, 'download_id'), type);
  }
  return undefined;
}
