import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { AuthUser } from '../auth/auth-user';
import { isUniqueViolation } from '../common/database-errors';
import { ValidationFailedException } from '../common/validation';
import { StoredFilesService, type StoredCopy } from '../stored-files/stored-files.service';
import { Subject } from '../subjects/subject.entity';
import { documentKindOf } from '../uploads/document-type';
import { cleanFileName } from '../uploads/file-name';
import type { UploadedFile } from '../uploads/uploaded-files';
import type { ImportFileCorrectionsDto, ImportSubjectChoiceDto } from './dto/import-file-corrections.dto';
import { ImportFile, type ImportFileCorrections } from './import-file.entity';
import { labelOfPaper, planImport, type PlannedFile } from './import-plan';
import { EMPTY_PAPER_STATE, placeFiles, type PaperState, type Placement } from './import-placement';
import { ImportStaging } from './import-staging';
import { loadPaperStates, loadStoredSittings, type PaperKey } from './import-state';
import { Import } from './import.entity';
import type { ImportFileStatus, ImportFileView, ImportSummaryView, ImportView, StagedFileView } from './import.view';

const NOT_FOUND = 'Import not found';
const FILE_NOT_FOUND = 'File not found in this import';
export const ALREADY_COMMITTED = 'This import has been committed: start a new one to add files.';
export const BEING_COMMITTED = 'This import is being committed. Please wait for it to finish.';
const DAMAGED = 'The file arrived damaged (its SHA-256 differs from the one sent with it): send it again.';
/** More files than this in one import is a mistake (or an attack), not a series. */
export const MAX_IMPORT_FILES = 5000;

/** Each file of an import with what it is, where it goes and its preview status. */
export interface PreviewedFile {
  row: ImportFile;
  plan: PlannedFile;
  placement: Placement | null;
  status: ImportFileStatus;
  messages: string[];
  /** Another file of the same paper needs attention: nothing of that paper is written until it is settled. */
  blocked: boolean;
  /** Where an identical copy is stored (status identical). */
  copies: StoredCopy[];
}

export interface Preview {
  imp: Import;
  files: PreviewedFile[];
  states: Map<string, PaperState>;
  keys: Map<string, PaperKey>;
}

/** Staged bulk imports: uploads into staging, the preview and the admin's corrections. */
@Injectable()
export class ImportsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly staging: ImportStaging,
    private readonly storedFiles: StoredFilesService,
  ) {}

  async create(actor: AuthUser): Promise<ImportView> {
    const imp = await this.db.getRepository(Import).save({ createdBy: actor.id, status: 'open', subjectChoices: {} });
    return this.view(imp.id);
  }

  /** The imports an admin has not finished (newest first): the page resumes the latest. */
  async listOpen(actor: AuthUser): Promise<ImportSummaryView[]> {
    const rows: Array<{ id: number; status: string; files: number; created_at: Date; updated_at: Date }> =
      await this.db.query(
        `SELECT i.id, i.status, i.created_at, i.updated_at, (SELECT COUNT(*) FROM import_files f WHERE f.import_id = i.id)::int AS files
           FROM imports i WHERE i.created_by = $1 AND i.status <> 'committed'
          ORDER BY i.updated_at DESC, i.id DESC LIMIT 20`,
        [actor.id],
      );
    return rows.map((r) => ({
      id: r.id,
      status: r.status,
      files: r.files,
      created_at: new Date(r.created_at).toISOString(),
      updated_at: new Date(r.updated_at).toISOString(),
    }));
  }

  async view(id: number): Promise<ImportView> {
    return toView(await this.preview(id));
  }

  /**
   * Stages one uploaded file. The same content again (a resumed import) answers the file already staged; content
   * identical to a stored file, or that is not a document, is recorded without keeping its bytes (reported in the
   * preview, never stored twice).
   */
  async stage(importId: number, upload: UploadedFile | undefined, claimedSha256: unknown): Promise<StagedFileView> {
    if (!upload) throw ValidationFailedException.single('file', 'A file is required');
    if (claimedSha256 !== undefined && claimedSha256 !== '') {
      if (typeof claimedSha256 !== 'string' || !/^[0-9a-f]{64}$/i.test(claimedSha256.trim())) {
        throw ValidationFailedException.single('sha256', 'sha256 must be 64 hexadecimal characters');
      }
      if (claimedSha256.trim().toLowerCase() !== upload.sha256) throw new BadRequestException(DAMAGED);
    }
    await this.openImport(importId);
    const repo = this.db.getRepository(ImportFile);
    const existing = await repo.findOneBy({ importId, sha256: upload.sha256 });
    if (existing) return stagedView(existing, true);
    if ((await repo.countBy({ importId })) >= MAX_IMPORT_FILES) {
      throw new BadRequestException(`An import holds at most ${MAX_IMPORT_FILES} files`);
    }

    const fileName = cleanFileName(upload.originalname) ?? 'unnamed';
    const kind = documentKindOf(fileName, upload.detected);
    const copies = await this.storedFiles.copiesOf([upload.sha256]);
    const stagedPath =
      kind && !copies.has(upload.sha256) ? await this.staging.adopt(importId, upload.path, kind) : null;
    try {
      const row = await repo.save(
        repo.create({
          importId,
          fileName,
          size: upload.size,
          sha256: upload.sha256,
          kind,
          stagedPath,
          corrections: {},
        }),
      );
      await this.touch(importId);
      return stagedView(row, false);
    } catch (error) {
      await this.staging.remove(stagedPath);
      if (!isUniqueViolation(error, 'import_files_import_sha256_key')) throw error;
      // The same file arrived twice at once (two tabs, a retry): the first one is the staged one.
      const first = await repo.findOneBy({ importId, sha256: upload.sha256 });
      if (!first) throw error;
      return stagedView(first, true);
    }
  }

  async correct(importId: number, fileId: number, dto: ImportFileCorrectionsDto): Promise<ImportView> {
    await this.openImport(importId);
    const repo = this.db.getRepository(ImportFile);
    const file = await repo.findOneBy({ id: fileId, importId });
    if (!file) throw new NotFoundException(FILE_NOT_FOUND);
    if (dto.subject_id !== undefined && dto.subject_id !== null) await this.assertSubject(dto.subject_id);
    const next: ImportFileCorrections = { ...file.corrections };
    const set = <K extends keyof ImportFileCorrections>(key: K, value: ImportFileCorrections[K] | null | undefined) => {
      if (value === undefined) return;
      if (value === null) delete next[key];
      else next[key] = value;
    };
    set('subjectId', dto.subject_id);
    set('year', dto.year);
    set('session', dto.session);
    set('documentType', dto.document_type);
    if (dto.paper !== undefined) {
      if (dto.paper === null) delete next.paper;
      else next.paper = dto.paper === '' ? null : dto.paper;
    }
    set('skip', dto.skip === false ? null : dto.skip);
    await repo.update({ id: fileId }, { corrections: next, outcome: null, outcomeMessage: null });
    await this.touch(importId);
    return this.view(importId);
  }

  async removeFile(importId: number, fileId: number): Promise<ImportView> {
    await this.openImport(importId);
    const repo = this.db.getRepository(ImportFile);
    const file = await repo.findOneBy({ id: fileId, importId });
    if (!file) throw new NotFoundException(FILE_NOT_FOUND);
    await repo.delete({ id: fileId });
    await this.staging.remove(file.stagedPath);
    await this.touch(importId);
    return this.view(importId);
  }

  /** Maps a code no subject has to a library subject (null forgets the choice). */
  async chooseSubject(importId: number, dto: ImportSubjectChoiceDto): Promise<ImportView> {
    const imp = await this.openImport(importId);
    const code = dto.code.toUpperCase();
    const choices = { ...imp.subjectChoices };
    if (dto.subject_id === undefined || dto.subject_id === null) delete choices[code];
    else {
      await this.assertSubject(dto.subject_id);
      choices[code] = dto.subject_id;
    }
    await this.db.getRepository(Import).update({ id: importId }, { subjectChoices: choices, updatedAt: new Date() });
    return this.view(importId);
  }

  /** Throws the import away with its staged files (what is committed stays). */
  async discard(importId: number): Promise<void> {
    const imp = await this.db.getRepository(Import).findOneBy({ id: importId });
    if (!imp) throw new NotFoundException(NOT_FOUND);
    if (imp.status === 'committing') throw new ConflictException(BEING_COMMITTED);
    await this.db.getRepository(Import).delete({ id: importId });
    await this.staging.removeImport(importId);
  }

  /** The whole preview: every file planned, placed in its paper and given its status. */
  async preview(id: number, db: DataSource | EntityManager = this.db): Promise<Preview> {
    const imp = await db.getRepository(Import).findOneBy({ id });
    if (!imp) throw new NotFoundException(NOT_FOUND);
    const rows = await db.getRepository(ImportFile).find({ where: { importId: id }, order: { id: 'ASC' } });
    const subjects = await db
      .getRepository(Subject)
      .find({ select: { id: true, name: true, code: true, level: true } });
    const codes = new Set<string>();
    for (const row of rows) {
      const code = /^[A-Za-z0-9]{3,6}/.exec(row.fileName.split(/[/\\]/).pop() ?? '')?.[0];
      if (code) codes.add(code);
    }
    const plans = planImport(
      rows.map((r) => ({ id: r.id, fileName: r.fileName, kind: r.kind, corrections: r.corrections })),
      { subjects, subjectChoices: imp.subjectChoices, storedSittings: await loadStoredSittings(db, [...codes]) },
    );
    const keys = new Map<string, PaperKey>();
    for (const p of plans) {
      if (p.paperKey && !p.skipped) {
        keys.set(p.paperKey, {
          subjectId: p.subject!.id,
          subjectCode: p.subject!.code,
          year: p.year!,
          session: p.session!,
        });
      }
    }
    const states = await loadPaperStates(db, [...keys.values()]);
    const copies = await this.storedFiles.copiesOf(
      rows.map((r) => r.sha256),
      db,
    );
    const files = previewFiles(rows, plans, states, copies);
    return { imp, files, states, keys };
  }

  private async openImport(id: number): Promise<Import> {
    const imp = await this.db.getRepository(Import).findOneBy({ id });
    if (!imp) throw new NotFoundException(NOT_FOUND);
    if (imp.status === 'committed') throw new ConflictException(ALREADY_COMMITTED);
    if (imp.status === 'committing') throw new ConflictException(BEING_COMMITTED);
    return imp;
  }

  private async assertSubject(id: number): Promise<void> {
    if (!(await this.db.getRepository(Subject).existsBy({ id }))) {
      throw ValidationFailedException.single('subject_id', 'Invalid subject selected');
    }
  }

  private async touch(importId: number): Promise<void> {
    await this.db.getRepository(Import).update({ id: importId }, { updatedAt: new Date() });
  }
}

/** Statuses: attention first (the name, the content, the subject), then where the file goes and what is there. */
export function previewFiles(
  rows: readonly ImportFile[],
  plans: readonly PlannedFile[],
  states: ReadonlyMap<string, PaperState>,
  copies: ReadonlyMap<string, StoredCopy[]>,
): PreviewedFile[] {
  const planOf = new Map(plans.map((p) => [p.id, p]));
  const files: PreviewedFile[] = rows.map((row) => {
    const plan = planOf.get(row.id)!;
    const found = copies.get(row.sha256) ?? [];
    const base = { row, plan, placement: null, blocked: false, copies: found };
    if (plan.skipped) return { ...base, status: 'skipped', messages: [plan.skipped] };
    const attention = [...plan.attention];
    if (attention.length === 0 && row.kind && !row.stagedPath && found.length === 0) {
      attention.push('Its bytes were not kept (it matched a stored file that is gone now): drop the file again.');
    }
    return { ...base, status: attention.length ? 'attention' : 'new', messages: attention };
  });

  // Place the ready files of each paper together (a mark scheme may go into a variant a question paper creates).
  const byPaper = new Map<string, PreviewedFile[]>();
  for (const f of files) {
    if (f.status === 'skipped' || !f.plan.paperKey) continue;
    byPaper.set(f.plan.paperKey, [...(byPaper.get(f.plan.paperKey) ?? []), f]);
  }
  for (const [key, group] of byPaper) {
    const ready = group.filter((f) => f.status !== 'attention');
    const placements = placeFiles(
      ready.map((f) => f.plan),
      states.get(key) ?? EMPTY_PAPER_STATE,
    );
    for (const f of ready) {
      const placement = placements.get(f.row.id) ?? null;
      f.placement = placement;
      if (placement && 'problem' in placement) {
        f.status = 'attention';
        f.messages = [placement.problem];
        continue;
      }
      const current = placement?.current ?? null;
      if (current?.sha256 && current.sha256 === f.row.sha256) {
        f.status = 'identical';
        f.messages = ['Already stored as this document: nothing to change.'];
      } else if (f.copies.length > 0) {
        f.status = 'identical';
        f.messages = [`Identical to a stored file: ${f.copies[0]!.description}. It is not stored twice.`];
      } else if (current) {
        f.status = 'replaces';
        f.messages = [`Replaces the stored file${current.name ? ` ${current.name}` : ''}.`];
      } else f.status = 'new';
    }
    const needing = group.filter((f) => f.status === 'attention');
    if (needing.length > 0) {
      for (const f of group) {
        if (f.status === 'new' || f.status === 'replaces') {
          f.blocked = true;
          f.messages = [
            ...f.messages,
            `Waits for ${needing.map((n) => n.row.fileName).join(', ')}: nothing of this paper is imported until it is settled or left out.`,
          ];
        }
      }
    }
  }
  return files;
}

function toView(preview: Preview): ImportView {
  const { imp, files } = preview;
  const unknown = new Map<string, { code: string; suggested_level: string | null; files: number }>();
  for (const f of files) {
    const code = f.plan.unknownSubjectCode;
    if (!code || f.status === 'skipped') continue;
    const entry = unknown.get(code) ?? { code, suggested_level: f.plan.suggestedLevel, files: 0 };
    entry.files++;
    unknown.set(code, entry);
  }
  const count = (status: ImportFileStatus) => files.filter((f) => f.status === status).length;
  return {
    id: imp.id,
    status: imp.status,
    files: files.map(fileView),
    counts: {
      total: files.length,
      importable: files.filter((f) => (f.status === 'new' || f.status === 'replaces') && !f.blocked).length,
      identical: count('identical'),
      attention: count('attention'),
      skipped: count('skipped'),
      bytes: files.reduce((sum, f) => sum + f.row.size, 0),
    },
    unknown_subjects: [...unknown.values()],
    created_at: imp.createdAt.toISOString(),
    updated_at: new Date(imp.updatedAt).toISOString(),
    committed_at: imp.committedAt ? new Date(imp.committedAt).toISOString() : null,
  };
}

function fileView(f: PreviewedFile): ImportFileView {
  const { row, plan } = f;
  const c = row.corrections;
  return {
    id: row.id,
    file_name: row.fileName,
    size: row.size,
    sha256: row.sha256,
    kind: row.kind,
    board: plan.board,
    subject_id: plan.subject?.id ?? null,
    subject_code: plan.subjectCode,
    subject_name: plan.subject?.name ?? null,
    unknown_subject_code: plan.unknownSubjectCode,
    suggested_level: plan.suggestedLevel,
    year: plan.year,
    session: plan.session,
    document_type: plan.documentType,
    paper: plan.paper?.name ?? null,
    paper_label: labelOfPaper(plan.paper),
    status: f.status,
    messages: f.messages,
    blocked: f.blocked,
    corrections: {
      ...(c.subjectId !== undefined ? { subject_id: c.subjectId } : {}),
      ...(c.year !== undefined ? { year: c.year } : {}),
      ...(c.session !== undefined ? { session: c.session } : {}),
      ...(c.documentType !== undefined ? { document_type: c.documentType } : {}),
      ...(c.paper !== undefined ? { paper: c.paper } : {}),
      ...(c.skip !== undefined ? { skip: c.skip } : {}),
    },
    outcome: row.outcome,
    outcome_message: row.outcomeMessage,
  };
}

function stagedView(row: ImportFile, alreadyStaged: boolean): StagedFileView {
  return {
    id: row.id,
    file_name: row.fileName,
    size: row.size,
    sha256: row.sha256,
    kind: row.kind,
    already_staged: alreadyStaged,
  };
}
