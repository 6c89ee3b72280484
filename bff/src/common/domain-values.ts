/** The documented value sets of spec section 3 and 9. The server accepts nothing else. */
export const LEVELS = [
  'cambridge-o-levels',
  'cambridge-a-levels',
  'cambridge-igcse',
  'edexcel-o-levels',
  'edexcel-a-levels',
  'edexcel-igcse',
  'cbc-primary',
  'cbc-secondary',
  'other',
  'vocational',
] as const;
export type Level = (typeof LEVELS)[number];

export const SESSIONS = ['Feb/March', 'May/June', 'Oct/Nov'] as const;
export type Session = (typeof SESSIONS)[number];

export const INQUIRY_STATUSES = ['new', 'in_progress', 'resolved'] as const;
export type InquiryStatus = (typeof INQUIRY_STATUSES)[number];

export const USER_ROLES = ['user', 'admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const USER_STATUSES = ['active', 'inactive'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const DEFAULT_USER_ROLES = ['student', 'teacher', 'admin'] as const;
export type DefaultUserRole = (typeof DEFAULT_USER_ROLES)[number];

export const VARIANT_DOCUMENT_TYPES = ['document', 'mark_scheme', 'examiner_report'] as const;
export type VariantDocumentType = (typeof VARIANT_DOCUMENT_TYPES)[number];

export const MIN_PAPER_YEAR = 2000;
/** Past paper years run from 2000 to the current year plus 5. */
export const maxPaperYear = (now = new Date()): number => now.getFullYear() + 5;
/** Mark scheme years validate up to the current year plus 10. */
export const maxMarkSchemeYear = (now = new Date()): number => now.getFullYear() + 10;

/**
 * The levels a public category stands for: a level itself, or the broader links of the footer and header
 * (o-level, a-level, igcse, cambridge, edexcel, cbc). Unknown categories match nothing.
 */
export function levelsForCategory(category: string): Level[] {
  const c = category.trim().toLowerCase();
  if ((LEVELS as readonly string[]).includes(c)) return [c as Level];
  const alias: Record<string, (level: Level) => boolean> = {
    'o-level': (l) => l.endsWith('-o-levels'),
    'o-levels': (l) => l.endsWith('-o-levels'),
    'a-level': (l) => l.endsWith('-a-levels'),
    'a-levels': (l) => l.endsWith('-a-levels'),
    igcse: (l) => l.endsWith('-igcse'),
    cambridge: (l) => l.startsWith('cambridge-'),
    edexcel: (l) => l.startsWith('edexcel-'),
    cbc: (l) => l.startsWith('cbc-'),
  };
  const matches = alias[c];
  return matches ? LEVELS.filter(matches) : [];
}
