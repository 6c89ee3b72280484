import { ConflictException, HttpException, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { AuditService } from '../audit/audit.service';
import type { AuthUser } from '../auth/auth-user';
import type { VariantDocumentType } from '../common/domain-values';
import { documentFiles, type DocumentFile } from '../documents/document-files';
import { ExaminerReport } from '../examiner-reports/examiner-report.entity';
import { MarkScheme } from '../mark-schemes/mark-scheme.entity';
import { PastPaper } from '../past-papers/past-paper.entity';
import { Variant } from '../past-papers/variant.entity';
import { FileStorage, type FileBatch, type StorageFolder } from '../storage/file-storage.service';
import { ImportFile, type ImportOutcome } from './import-file.entity';
import { placeFiles, type Placement } from './import-placement';
import { ImportStaging } from './import-staging';
import { loadPaperStates, type PaperKey } from './import-state';
import { Import } from './import.entity';
import type { ImportView } from './import.view';
import {
  ALREADY_COMMITTED,
  BEING_COMMITTED,
  ImportsService,
  previewFiles,
  type PreviewedFile,
} from './imports.service';

const FOLDER: Record<VariantDocumentType, StorageFolder> = {
  document: 'papers',
  mark_scheme: 'mark-schemes',
  examiner_report: 'examiner-reports',
};
/** Outcomes a later commit of the same import leaves as they are. */
const SETTLED: ReadonlySet<ImportOutcome> = new Set(['created', 'replaced']);
/** A commit whose process died is taken over after this long. */
const STUCK_AFTER = '15 minutes';

interface Decision {
  outcome: ImportOutcome;
  message: string | null;
}

/**
 * "Import N files": each past paper (subject, year, session) is written in one transaction with its variants, their
 * files, its mark schemes and examiner reports, and one audit entry. Files go from the staging folder into storage
 * as hard links (a failed paper loses nothing: its staged files stay, and the links it made are removed). One paper's
 * failure leaves the others committed and itself untouched; every file gets an outcome (the report). Committing the
 * same files again changes nothing: each is found identical to what is stored.
 */
@Injectable()
export class ImportCommitService {
  private readonly logger = new Logger('Imports');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly imports: ImportsService,
    private readonly storage: FileStorage,
    private readonly staging: ImportStaging,
    private readonly audit: AuditService,
  ) {}

  async commit(actor: AuthUser, importId: number): Promise<ImportView> {
    const [taken]: [Array<{ id: number }>, number] = await this.db.query(
      `UPDATE imports SET status = 'committing', updated_at = now()
        WHERE id = $1 AND (status = 'open' OR (status = 'committing' AND updated_at < now() - interval '${STUCK_AFTER}'))
        RETURNING id`,
      [importId],
    );
    if (taken.length === 0) {
      const imp = await this.db.getRepository(Import).findOneBy({ id: importId });
      if (!imp) return this.imports.view(importId); // 404
      throw new ConflictException(imp.status === 'committed' ? ALREADY_COMMITTED : BEING_COMMITTED);
    }
    let allSettled = false;
    try {
      allSettled = await this.commitPapers(actor, importId);
    } finally {
      await this.db.query(
        `UPDATE imports SET status = $2::varchar, updated_at = now(),
                committed_at = CASE WHEN $2::varchar = 'committed' THEN now() ELSE committed_at END
          WHERE id = $1`,
        [importId, allSettled ? 'committed' : 'open'],
      );
    }
    if (allSettled) {
      // Nothing is left to commit again: staged copies of skipped files are not needed either.
      await this.db.query('UPDATE import_files SET staged_path = NULL WHERE import_id = $1', [importId]);
      await this.staging.removeImport(importId);
    }
    return this.imports.view(importId);
  }

  /** Returns true when every file of the import is settled (nothing left to fix and commit again). */
  private async commitPapers(actor: AuthUser, importId: number): Promise<boolean> {
    const preview = await this.imports.preview(importId);
    const pending = preview.files.filter((f) => !(f.row.outcome && SETTLED.has(f.row.outcome)));
    const decisions = new Map<number, Decision>();
    const byPaper = new Map<string, PreviewedFile[]>();
    for (const f of pending) {
      if (f.status === 'skipped') decisions.set(f.row.id, { outcome: 'skipped', message: f.messages[0] ?? null });
      else if (f.status === 'attention') {
        decisions.set(f.row.id, { outcome: 'failed', message: `Not imported: ${f.messages.join(' ')}` });
      } else if (f.blocked) {
        decisions.set(f.row.id, { outcome: 'failed', message: `Not imported: ${f.messages[f.messages.length - 1]}` });
      } else if (f.plan.paperKey) {
        byPaper.set(f.plan.paperKey, [...(byPaper.get(f.plan.paperKey) ?? []), f]);
      }
    }
    await this.record(this.db.manager, decisions);

    for (const [key, files] of byPaper) {
      const paperKey = preview.keys.get(key)!;
      try {
        const written = await this.commitPaper(actor, paperKey, files);
        await Promise.all(written.map((path) => this.staging.remove(path).catch(() => undefined)));
      } catch (error) {
        const message = error instanceof HttpException ? error.message : 'it could not be written';
        if (!(error instanceof HttpException))
          this.logger.error({ err: error, importId, paper: key }, 'Import of a paper failed');
        const failed = new Map<number, Decision>(
          files.map((f) => [f.row.id, { outcome: 'failed', message: `Nothing of this paper was written: ${message}` }]),
        );
        await this.record(this.db.manager, failed);
      }
    }
    const outcomes: Array<{ outcome: ImportOutcome | null }> = await this.db.query(
      'SELECT outcome FROM import_files WHERE import_id = $1',
      [importId],
    );
    return outcomes.every((o) => o.outcome !== null && o.outcome !== 'failed');
  }

  /**
   * One paper in one transaction. The placements are computed again under the paper's lock (an edit or another
   * import may have changed it since the preview). Returns the staged paths to remove once committed.
   */
  private async commitPaper(actor: AuthUser, key: PaperKey, files: PreviewedFile[]): Promise<string[]> {
    return this.storage.writeWithFiles((batch) =>
      this.db.transaction(async (tx) => {
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
          `import:${key.subjectId}|${key.year}|${key.session}`,
        ]);
        const state = (await loadPaperStates(tx, [key], true)).values().next().value!;
        const fresh = previewFiles(
          files.map((f) => f.row),
          files.map((f) => f.plan),
          new Map([[files[0]!.plan.paperKey!, state]]),
          new Map(files.map((f) => [f.row.sha256, f.copies])),
        );
        const placements = placeFiles(
          fresh.filter((f) => f.status !== 'attention').map((f) => f.plan),
          state,
        );
        const problem = fresh.find((f) => f.status === 'attention');
        if (problem) throw new ConflictException(problem.messages.join(' '));

        let paperId = state.paperId;
        let created = false;
        const decisions = new Map<number, Decision>();
        const variantIds = new Map(state.variants.map((v) => [v.slug, v.id]));
        const staged: string[] = [];
        // Question papers first: they create the variants the other documents may go into.
        const order = { 'question-paper': 0, 'mark-scheme': 1, 'examiner-report': 2 } as const;
        const ordered = [...fresh].sort((a, b) => order[a.plan.documentType!] - order[b.plan.documentType!]);
        for (const f of ordered) {
          const placement = placements.get(f.row.id);
          if (f.status === 'identical') {
            const here = placement && !('problem' in placement) && placement.current?.sha256 === f.row.sha256;
            decisions.set(f.row.id, { outcome: here ? 'unchanged' : 'identical', message: f.messages[0] ?? null });
            continue;
          }
          if (!placement || 'problem' in placement || !f.row.stagedPath || !f.row.kind) {
            throw new ConflictException(`${f.row.fileName} cannot be placed`);
          }
          if (paperId === null && placement.into !== 'mark_scheme') {
            const paper = await tx.save(
              tx.create(PastPaper, { subjectId: key.subjectId, year: key.year, session: key.session }),
            );
            paperId = paper.id;
            created = true;
          }
          const stored = await this.storeFile(batch, f, placement);
          await this.write(tx, batch, f, placement, stored, paperId, variantIds);
          decisions.set(f.row.id, {
            outcome: placement.current ? 'replaced' : 'created',
            message: f.messages[0] ?? null,
          });
          staged.push(f.row.stagedPath);
        }
        const written = [...decisions.values()].filter((d) => d.outcome === 'created' || d.outcome === 'replaced');
        if (written.length > 0) {
          if (paperId !== null && !created) await tx.update(PastPaper, { id: paperId }, { updatedAt: new Date() });
          const subject = files[0]!.plan.subject!;
          const what = `${written.length} file${written.length === 1 ? '' : 's'}`;
          const sitting = `${subject.name} (${subject.code}) ${key.session} ${key.year}`;
          await this.audit.record(
            tx,
            actor,
            created ? 'create' : 'update',
            'past_paper',
            paperId,
            paperId === null
              ? `Imported ${what} (mark schemes) for ${sitting}`
              : `Imported ${what} into past paper ${sitting}`,
          );
        }
        await this.record(tx, decisions, true);
        return staged;
      }),
    );
  }

  private async storeFile(
    batch: FileBatch,
    f: PreviewedFile,
    placement: Exclude<Placement, { problem: string }>,
  ): Promise<DocumentFile> {
    const slot: VariantDocumentType = placement.into === 'variant' ? placement.slot : placement.into;
    const path = await batch.storeLinked(FOLDER[slot], this.staging.resolve(f.row.stagedPath!), f.row.kind!);
    return { path, size: f.row.size, sha256: f.row.sha256, name: f.row.fileName };
  }

  private async write(
    tx: EntityManager,
    batch: FileBatch,
    f: PreviewedFile,
    placement: Exclude<Placement, { problem: string }>,
    stored: DocumentFile,
    paperId: number | null,
    variantIds: Map<string, number>,
  ): Promise<void> {
    const plan = f.plan;
    if (placement.into === 'variant') {
      const id = placement.variantId ?? variantIds.get(placement.naming.slug);
      if (id !== undefined && paperId !== null) {
        const slot = { variantId: id, paperId, type: placement.slot };
        batch.removeAfterCommit(await documentFiles.putSlot(tx, slot, stored));
        await tx.update(Variant, { id }, { updatedAt: new Date() });
        return;
      }
      // A mark scheme or report whose variant was to come with a question paper that turned out to be stored already
      // elsewhere (identical): there is no variant to put it in.
      if (placement.slot !== 'document' || paperId === null) {
        throw new ConflictException(
          `${f.row.fileName}: its question paper was not imported, so it has no variant to go into`,
        );
      }
      const inserted = await tx.insert(Variant, {
        pastPaperId: paperId,
        name: placement.naming.name,
        slug: placement.naming.slug,
        version: placement.naming.version,
      });
      const variantId = Number((inserted.identifiers[0] as { id: number }).id);
      await documentFiles.putSlot(tx, { variantId, paperId, type: 'document' }, stored);
      variantIds.set(placement.naming.slug, variantId);
      return;
    }
    const entity = placement.into === 'mark_scheme' ? MarkScheme : ExaminerReport;
    if (placement.recordId !== null) {
      const record = await tx.findOneByOrFail(entity, { id: placement.recordId });
      batch.removeAfterCommit(await documentFiles.replaceFile(tx, record.documentId, stored));
      await tx.update(entity, { id: placement.recordId }, { updatedAt: new Date() });
      return;
    }
    if (placement.into === 'mark_scheme') {
      await tx.insert(MarkScheme, {
        subject: plan.subject!.name,
        code: plan.subject!.code,
        paperNumber: placement.paperNumber,
        year: plan.year!,
        session: plan.session!,
        pastPaperId: paperId,
        documentId: await documentFiles.add(tx, 'mark-scheme', paperId, stored),
      });
    } else if (paperId !== null) {
      const paper = placement.paperNumber ? ` Paper ${placement.paperNumber}` : '';
      await tx.insert(ExaminerReport, {
        pastPaperId: paperId,
        paperNumber: placement.paperNumber,
        summary: `Examiner report on ${plan.subject!.name} (${plan.subject!.code}) ${plan.session} ${plan.year}${paper}${placement.paperNumber ? '' : ', all papers'}.`,
        documentId: await documentFiles.add(tx, 'examiner-report', paperId, stored),
      });
    }
  }

  /** Writes each file's outcome (`committed`: its staged copy is no longer needed once the transaction commits). */
  private async record(db: EntityManager, decisions: Map<number, Decision>, committed = false): Promise<void> {
    for (const [id, d] of decisions) {
      const written = committed && (d.outcome === 'created' || d.outcome === 'replaced');
      await db.update(
        ImportFile,
        { id },
        {
          outcome: d.outcome,
          outcomeMessage: d.message?.slice(0, 500) ?? null,
          ...(written ? { stagedPath: null } : {}),
        },
      );
    }
  }
}
