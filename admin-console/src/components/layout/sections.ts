import type { icons } from './icons';

export interface AdminSection {
  path: string;
  label: string;
  icon: keyof typeof icons;
}

/** Spec section 2 "Admin layout": the nine sections of the sidebar, Import and Coverage, Grade Thresholds. */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { path: '/admin/dashboard', label: 'Dashboard', icon: 'dashboard' },
  { path: '/admin/past-papers', label: 'Past Papers', icon: 'papers' },
  { path: '/admin/import', label: 'Import', icon: 'import' },
  { path: '/admin/coverage', label: 'Coverage', icon: 'coverage' },
  { path: '/admin/users', label: 'Users', icon: 'users' },
  { path: '/admin/mark-schemes', label: 'Mark Schemes', icon: 'markSchemes' },
  { path: '/admin/examiner-reports', label: 'Examiner Reports', icon: 'reports' },
  { path: '/admin/grade-thresholds', label: 'Grade Thresholds', icon: 'thresholds' },
  { path: '/admin/subjects', label: 'Subjects', icon: 'subjects' },
  { path: '/admin/faqs', label: 'FAQs', icon: 'faqs' },
  { path: '/admin/inquiries', label: 'Contact Inquiries', icon: 'inquiries' },
  { path: '/admin/settings', label: 'Settings', icon: 'settings' },
];

/** The top bar's title, derived from the path. */
export function pageTitle(pathname: string): string {
  const parts = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  const [, section, sub] = parts;
  if (section === 'past-papers' && sub && sub !== 'edit') return 'Past Paper Details';
  if (section === 'subjects' && sub === 'new') return 'Add Subject';
  if (section === 'subjects' && sub === 'edit') return 'Edit Subject';
  const match = ADMIN_SECTIONS.find((s) => s.path === `/admin/${section ?? 'dashboard'}`);
  return match?.label ?? 'Admin';
}
