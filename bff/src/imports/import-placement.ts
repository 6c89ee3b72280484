/**
 * Where each file of one paper (subject, year, session) goes, given what that paper already holds: the preview's
 * status (new, replaces, identical) and the commit's writes come from this one function.
 */
import type { VariantDocumentType } from '../common/domain-values';
import type { DocumentType, VariantNaming } from '../exam-references';
import type { PlannedFile } from './import-plan';

export interface StoredSlot {
  path: string | null;
  sha256: string | null;
  name: string | null;
}

export interface StoredVariant {
  id: number;
  slug: string;
  files: Record<VariantDocumentType, StoredSlot>;
}

export interface StoredDocumentRecord extends StoredSlot {
  id: number;
  paperNumber: string;
}

/** What one paper holds now (an empty state when the paper does not exist yet). */
export interface PaperState {
  paperId: number | null;
  variants: StoredVariant[];
  /** Examiner reports added on their own (by past_paper_id). */
  examinerReports: StoredDocumentRecord[];
  /** Mark schemes added on their own: linked to the paper, or unlinked with its subject code, year and session. */
  markSchemes: StoredDocumentRecord[];
}

export const EMPTY_PAPER_STATE: PaperState = { paperId: null, variants: [], examinerReports: [], markSchemes: [] };

export const SLOT_OF: Record<DocumentType, VariantDocumentType> = {
  'question-paper': 'document',
  'mark-scheme': 'mark_scheme',
  'examiner-report': 'examiner_report',
};

export type Placement =
  | {
      into: 'variant';
      slot: VariantDocumentType;
      /** Null: the variant is created by this import (from its question paper). */
      variantId: number | null;
      naming: VariantNaming;
      current: StoredSlot | null;
    }
  | {
      into: 'mark_scheme' | 'examiner_report';
      recordId: number | null;
      paperNumber: string;
      current: StoredSlot | null;
    }
  | { problem: string };

const occupied = (slot: StoredSlot | undefined | null): StoredSlot | null => (slot?.path ? slot : null);

/**
 * `files`: the paper's files that can be imported (recognised, not skipped, nothing to decide), in any order.
 * Question papers go into their variant (created when missing); mark schemes and per-paper examiner reports into the
 * variant's slot when the variant exists or comes with this import, else they are stored on their own (a mark
 * scheme without its question paper stays reachable by subject code, year and session); a whole-session examiner
 * report (Cambridge `er`) is an examiner report of the paper, which must exist or come with this import.
 */
export function placeFiles(files: readonly PlannedFile[], state: PaperState): Map<number, Placement> {
  const placements = new Map<number, Placement>();
  const storedBySlug = new Map(state.variants.map((v) => [v.slug, v]));
  const importedPapers = new Set(
    files.filter((f) => f.documentType === 'question-paper' && f.paper).map((f) => f.paper!.slug),
  );
  const paperWillExist = state.paperId !== null || importedPapers.size > 0;
  for (const f of files) {
    if (!f.documentType) continue;
    const slot = SLOT_OF[f.documentType];
    const stored = f.paper ? storedBySlug.get(f.paper.slug) : undefined;
    if (f.paper && (stored || importedPapers.has(f.paper.slug))) {
      placements.set(f.id, {
        into: 'variant',
        slot,
        variantId: stored?.id ?? null,
        naming: f.paper,
        current: occupied(stored?.files[slot]),
      });
      continue;
    }
    const paperNumber = f.paper ? f.paper.name.replace(/^Paper /, '') : '';
    if (f.documentType === 'mark-scheme') {
      const record = state.markSchemes.find((m) => samePaperNumber(m.paperNumber, paperNumber));
      placements.set(f.id, {
        into: 'mark_scheme',
        recordId: record?.id ?? null,
        paperNumber,
        current: occupied(record),
      });
    } else if (f.documentType === 'examiner-report') {
      if (!paperWillExist) {
        placements.set(f.id, {
          problem: `An examiner report is kept with its past paper: import a question paper of ${f.subject?.name ?? f.subjectCode} ${f.session} ${f.year} with it.`,
        });
        continue;
      }
      const record = state.examinerReports.find((r) => samePaperNumber(r.paperNumber, paperNumber));
      placements.set(f.id, {
        into: 'examiner_report',
        recordId: record?.id ?? null,
        paperNumber,
        current: occupied(record),
      });
    }
  }
  return placements;
}

/** `12`, `Paper 12` and `paper 12` are the same paper number. */
function samePaperNumber(a: string, b: string): boolean {
  const norm = (s: string) =>
    s
      .trim()
      .replace(/^paper\s*/i, '')
      .toLowerCase();
  return norm(a) === norm(b);
}
