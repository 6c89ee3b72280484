import { BadRequestException, Injectable } from '@nestjs/common';
import { DownloadLinksService } from './download-links.service';
import type { DownloadCounter } from './download-target';
import type { DocumentViewDto } from './dto/document-view.dto';
import { FileSenderService } from './file-sender.service';

/** A client's view of one document counts once in this time (a reload, a tab restored, the viewer opened again). */
export const VIEW_DEDUPE_MS = 30 * 60 * 1000;
/** Views one client can add in VIEW_WINDOW_MS; past it the calls answer `counted: false` (no error, no count). */
export const VIEW_BUDGET = 120;
export const VIEW_WINDOW_MS = 10 * 60 * 1000;
/** Memory bound of both tables (oldest entries go first). */
const MAX_ENTRIES = 50_000;

const counterKey = (c: DownloadCounter) => (c.table === 'variants' ? `v:${c.id}:${c.document}` : `${c.table}:${c.id}`);

/**
 * Views counted by the site's viewer (issue 14): the viewer reads a PDF page by page with uncounted Range requests
 * (`stream=1`) and says once per document per visit that it opened it. The server keeps that honest without a
 * table of its own: one client's view of one document counts once per 30 minutes, and one client adds at most
 * 120 views per 10 minutes; over either, the answer is `counted: false` (a viewer never fails because of it). In
 * memory, bounded: one BFF process (as the login throttle).
 */
@Injectable()
export class DocumentViewsService {
  private readonly seen = new Map<string, number>();
  private readonly budgets = new Map<string, { start: number; used: number }>();

  constructor(
    private readonly links: DownloadLinksService,
    private readonly sender: FileSenderService,
  ) {}

  async record(client: string, dto: DocumentViewDto, now = Date.now()): Promise<boolean> {
    const target = await this.resolve(dto);
    const key = `${client}|${counterKey(target.counter)}`;
    const last = this.seen.get(key);
    if (last !== undefined && now - last < VIEW_DEDUPE_MS) return false;
    if (!this.spend(client, now)) return false;
    remember(this.seen, key, now);
    await this.sender.countView(target.counter);
    return true;
  }

  private resolve(dto: DocumentViewDto) {
    const given = [dto.variant_id, dto.mark_scheme_id, dto.examiner_report_id].filter((v) => v !== undefined);
    if (given.length !== 1) {
      throw new BadRequestException('Give exactly one of variant_id, mark_scheme_id or examiner_report_id');
    }
    if (dto.variant_id !== undefined)
      return this.links.variantDocument(dto.variant_id, dto.document_type ?? 'document');
    if (dto.mark_scheme_id !== undefined) return this.links.markScheme(dto.mark_scheme_id);
    return this.links.examinerReport(dto.examiner_report_id!);
  }

  private spend(client: string, now: number): boolean {
    const budget = this.budgets.get(client);
    if (!budget || now - budget.start >= VIEW_WINDOW_MS) {
      remember(this.budgets, client, { start: now, used: 1 });
      return true;
    }
    if (budget.used >= VIEW_BUDGET) return false;
    budget.used += 1;
    return true;
  }
}

/** Sets a key as the newest entry, dropping the oldest past MAX_ENTRIES. */
function remember<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > MAX_ENTRIES) map.delete(map.keys().next().value!);
}
