import type { Faq, PastPaper, Subject, Variant } from '@ppl/shared-ui';

let nextId = 1000;
const stamp = '2026-01-01T00:00:00.000Z';

export function makeSubject(overrides: Partial<Subject> & Pick<Subject, 'name' | 'code'>): Subject {
  return {
    id: nextId++,
    level: 'cambridge-igcse',
    description: null,
    paper_count: 0,
    created_at: stamp,
    updated_at: stamp,
    ...overrides,
  };
}

export function makeVariant(overrides: Partial<Variant> = {}): Variant {
  const id = overrides.id ?? nextId++;
  const version = overrides.version ?? 1;
  return {
    id,
    past_paper_id: 0,
    name: `Paper ${version}`,
    slug: `paper-${version}`,
    version,
    document_path: `papers/${id}.pdf`,
    mark_scheme_path: null,
    examiner_report_path: null,
    document_size: 1000,
    mark_scheme_size: null,
    examiner_report_size: null,
    downloads: 0,
    document_downloads: 0,
    mark_scheme_downloads: 0,
    examiner_report_downloads: 0,
    document_views: 0,
    mark_scheme_views: 0,
    examiner_report_views: 0,
    duration_minutes: null,
    duration_source: null,
    created_at: stamp,
    updated_at: stamp,
    ...overrides,
  };
}

export function makePaper(
  subject: Subject,
  overrides: Partial<PastPaper> = {},
  variants: Variant[] = [makeVariant()],
): PastPaper {
  const id = overrides.id ?? nextId++;
  return {
    id,
    subject_id: subject.id,
    subject: subject.name,
    subject_name: subject.name,
    subject_code: subject.code,
    subject_level: subject.level,
    code: subject.code,
    level: subject.level,
    year: 2024,
    session: 'May/June',
    created_at: stamp,
    updated_at: stamp,
    variants: variants.map((v) => ({ ...v, past_paper_id: id })),
    linked_documents: [],
    ...overrides,
  };
}

export function makeFaq(overrides: Partial<Faq> & Pick<Faq, 'question'>): Faq {
  return {
    id: nextId++,
    answer: 'An answer.',
    category: 'General',
    sort_order: 0,
    published: true,
    is_published: true,
    created_at: stamp,
    updated_at: stamp,
    ...overrides,
  };
}

export { summaryOf } from '@ppl/shared-ui/testing';
