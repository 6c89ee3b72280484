import type { QueryClient } from '@tanstack/react-query';

/** Every server-state key of the console, so that a write invalidates exactly what it changed. */
export const queryKeys = {
  settings: ['settings'] as const,
  dashboard: ['dashboard'] as const,
  subjects: ['subjects'] as const,
  subject: (id: number) => ['subjects', id] as const,
  pastPapers: ['past-papers'] as const,
  pastPaper: (id: number) => ['past-papers', id] as const,
  pastPapersWithDocuments: ['past-papers', 'with-documents'] as const,
  markSchemes: ['mark-schemes'] as const,
  examinerReports: ['examiner-reports'] as const,
  faqs: ['faqs'] as const,
  gradeThresholds: ['grade-thresholds'] as const,
  inquiries: ['inquiries'] as const,
  inquiryPage: (page: number, limit: number, status: string) => ['inquiries', 'page', page, limit, status] as const,
  inquiryCounts: ['inquiries', 'counts'] as const,
  users: ['users'] as const,
};

/**
 * Papers, subjects (paper counts), mark schemes, examiner reports (linked to papers) and the dashboard all move
 * together: a write to any of them reloads every list that shows it.
 */
export function invalidateLibrary(client: QueryClient): Promise<void> {
  return Promise.all(
    [
      queryKeys.pastPapers,
      queryKeys.subjects,
      queryKeys.markSchemes,
      queryKeys.examinerReports,
      queryKeys.dashboard,
    ].map((queryKey) => client.invalidateQueries({ queryKey })),
  ).then(() => undefined);
}
