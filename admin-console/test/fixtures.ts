import type { PastPaper, Subject, User, Variant } from '@ppl/shared-ui';

export function subjectFixture(overrides: Partial<Subject> = {}): Subject {
  return {
    id: 1,
    name: 'Physics',
    code: '0625',
    level: 'cambridge-igcse',
    description: 'Motion and forces',
    paper_count: 1,
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

export function variantFixture(overrides: Partial<Variant> = {}): Variant {
  return {
    id: 100,
    past_paper_id: 10,
    name: 'Paper 1',
    slug: 'paper-1',
    version: 1,
    document_path: 'papers/aaa.pdf',
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
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

export function paperFixture(overrides: Partial<PastPaper> = {}): PastPaper {
  const subject = overrides.subject ?? 'Physics';
  const code = overrides.code ?? '0625';
  const level = overrides.level ?? 'cambridge-igcse';
  return {
    id: 10,
    subject_id: 1,
    subject,
    subject_name: subject,
    subject_code: code,
    subject_level: level,
    code,
    level,
    year: 2024,
    session: 'May/June',
    created_at: '2026-01-01T00:00:00Z',
    updated_at: '2026-01-01T00:00:00Z',
    variants: [variantFixture()],
    linked_documents: [],
    ...overrides,
  };
}

export { summaryOf } from '@ppl/shared-ui/testing';

/** Ada, the admin most screens are signed in as. */
export function adminFixture(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    name: 'Ada Admin',
    email: 'ada@example.com',
    role: 'admin',
    status: 'active',
    created_at: '2026-01-05T09:00:00Z',
    updated_at: '2026-01-05T09:00:00Z',
    ...overrides,
  };
}

/** Sam, a signed-up student (role user). */
export function studentFixture(overrides: Partial<User> = {}): User {
  return adminFixture({ id: 2, name: 'Sam Student', email: 'sam@example.com', role: 'user', ...overrides });
}
