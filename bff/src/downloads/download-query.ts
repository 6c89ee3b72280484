import type { PastPapersQuery } from '../past-papers/dto/past-papers.query';
import type { DownloadTarget } from './download-target';
import type { DownloadLinksService } from './download-links.service';

/**
 * The download forms of /past_papers.php, or undefined when the query asks for data:
 * `?download_variant_id={id}&variant_document_type=...` and `?download_id={paperId}&document_type=...`.
 */
export function pastPaperDownload(
  links: DownloadLinksService,
  query: PastPapersQuery,
): Promise<DownloadTarget> | undefined {
  if (query.download_variant_id !== undefined) {
    return links.variantDocument(query.download_variant_id, query.variant_document_type ?? 'document');
  }
  if (query.download_id !== undefined) {
    return links.paperDocument(query.download_id, query.document_type ?? 'document');
  }
  return undefined;
}
