import { BadRequestException, Injectable } from '@nestjs/common';
import { SharedLimits } from '../rate-limit/shared-limits';
import { DownloadLinksService } from './download-links.service';
import type { DocumentViewDto } from './dto/document-view.dto';
import { FileSenderService } from './file-sender.service';

/** A client's view of one document counts once in this time (a reload, a tab restored, the viewer opened again). */
export const VIEW_DEDUPE_MS = 30 * 60 * 1000;
/** Views one client can add in VIEW_WINDOW_MS; past it the calls answer `counted: false` (no error, no count). */
export const VIEW_BUDGET = 120;
export const VIEW_WINDOW_MS = 10 * 60 * 1000;

/**
 * Views counted by the site's viewer: the viewer reads a PDF page by page with uncounted Range requests
 * (`stream=1`) and says once per document per visit that it opened it. The server keeps that honest: one client's
 * view of one document counts once per 30 minutes, and one client adds at most 120 views per 10 minutes; over
 * either, the answer is `counted: false` (a viewer never fails because of it). Both are counted in PostgreSQL
 * (SharedLimits), so every BFF instance agrees; a view refused as already counted spends none of the budget.
 */
@Injectable()
export class DocumentViewsService {
  constructor(
    private readonly links: DownloadLinksService,
    private readonly sender: FileSenderService,
    private readonly limits: SharedLimits,
  ) {}

  /** Three statements: the document's id, both limits in turn (one upsert), the count. */
  async record(client: string, dto: DocumentViewDto): Promise<boolean> {
    const documentId = await this.documentId(dto);
    const decision = await this.limits.consumeInTurn(client, [
      { action: `view:${documentId}`, limit: 1, windowMs: VIEW_DEDUPE_MS },
      { action: 'views', limit: VIEW_BUDGET, windowMs: VIEW_WINDOW_MS },
    ]);
    if (!decision.allowed) return false;
    await this.sender.countView(documentId, client);
    return true;
  }

  private documentId(dto: DocumentViewDto): Promise<number> {
    const given = [dto.variant_id, dto.mark_scheme_id, dto.examiner_report_id].filter((v) => v !== undefined);
    if (given.length !== 1) {
      throw new BadRequestException('Give exactly one of variant_id, mark_scheme_id or examiner_report_id');
    }
    if (dto.variant_id !== undefined)
      return this.links.variantDocumentId(dto.variant_id, dto.document_type ?? 'document');
    if (dto.mark_scheme_id !== undefined) return this.links.markSchemeDocumentId(dto.mark_scheme_id);
    return this.links.examinerReportDocumentId(dto.examiner_report_id!);
  }
}
