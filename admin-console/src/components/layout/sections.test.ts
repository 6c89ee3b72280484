import { ADMIN_SECTIONS, pageTitle } from './sections';

describe('admin sections', () => {
  it('lists the nine sections of the spec, Import and Coverage, and Grade Thresholds', () => {
    expect(ADMIN_SECTIONS).toHaveLength(12);
  });

  it.each([
    ['/admin', 'Dashboard'],
    ['/admin/dashboard', 'Dashboard'],
    ['/admin/past-papers', 'Past Papers'],
    ['/admin/past-papers/edit/4', 'Past Papers'],
    ['/admin/past-papers/4', 'Past Paper Details'],
    ['/admin/users/', 'Users'],
    ['/admin/mark-schemes', 'Mark Schemes'],
    ['/admin/examiner-reports', 'Examiner Reports'],
    ['/admin/subjects', 'Subjects'],
    ['/admin/subjects/new', 'Add Subject'],
    ['/admin/subjects/edit/3', 'Edit Subject'],
    ['/admin/faqs', 'FAQs'],
    ['/admin/grade-thresholds', 'Grade Thresholds'],
    ['/admin/inquiries', 'Contact Inquiries'],
    ['/admin/settings', 'Settings'],
  ])('%s is titled %s', (path, title) => {
    expect(pageTitle(path)).toBe(title);
  });
});
