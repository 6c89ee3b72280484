import type { MarkScheme } from './mark-scheme.entity';

/** Spec section 3 "Mark scheme"; file_url is relative to the API base (/files/<stored path>). */
export interface MarkSchemeView {
  id: number;
  subject: string;
  code: string;
  paperNumber: string;
  year: number;
  session: string;
  file_url: string;
  file_size: number | null;
  past_paper_id: number | null;
  downloads: number;
  created_at: string;
  updated_at: string;
}

export const fileUrlOf = (storedPath: string): string => `/files/${storedPath}`;

export function toMarkSchemeView(m: MarkScheme): MarkSchemeView {
  return {
    id: m.id,
    subject: m.subject,
    code: m.code,
    paperNumber: m.paperNumber,
    year: m.year,
    session: m.session,
    file_url: fileUrlOf(m.filePath),
    file_size: m.fileSize,
    past_paper_id: m.pastPaperId,
    downloads: m.downloads,
    created_at: m.createdAt.toISOString(),
    updated_at: m.updatedAt.toISOString(),
  };
}
