import { ValidationFailedException } from '../common/validation';
import type { DocumentSection } from '../document-sections/document-section';
import { PastPaper } from '../past-papers/past-paper.entity';
import type { MarkSchemeFormDto } from './dto/mark-scheme-form.dto';
import { MarkScheme } from './mark-scheme.entity';
import { toMarkSchemeView, type MarkSchemeView } from './mark-scheme.view';

/**
 * Mark schemes added on their own: a mark scheme names its subject, code, year, session and paper number itself,
 * and may link a past paper (then it must exist).
 */
export const MARK_SCHEME_SECTION: DocumentSection<MarkScheme, MarkSchemeFormDto, MarkSchemeView> = {
  entity: MarkScheme,
  kind: 'mark-scheme',
  auditType: 'mark_scheme',
  folder: 'mark-schemes',
  fileField: 'markSchemeFile',
  messages: {
    notFound: 'Mark scheme not found',
    fileRequired: 'Mark Scheme file is required for new entries.',
    invalidType: 'Invalid file type (PDF/Word only).',
  },
  paperBeforeFile: false,
  async fields(db, form) {
    const paperId = form.past_paper_id;
    if (paperId !== undefined && !(await db.getRepository(PastPaper).existsBy({ id: paperId }))) {
      throw ValidationFailedException.single('past_paper_id', 'Invalid past paper selected');
    }
    return {
      subject: form.subject,
      code: form.code,
      year: form.year,
      session: form.session,
      paperNumber: form.paperNumber,
      pastPaperId: paperId ?? null,
    };
  },
  async describe(_db, m) {
    return `mark scheme ${m.subject} (${m.code}) ${m.session} ${m.year} Paper ${m.paperNumber}`;
  },
  async read(db, id) {
    const rows = await db.getRepository(MarkScheme).find({
      where: id === undefined ? {} : { id },
      relations: { document: true },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
    return rows.map(toMarkSchemeView);
  },
};
