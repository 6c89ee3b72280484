import { Navigate, Route, Routes } from 'react-router';
import { AdminLayout } from '../components/layout/AdminLayout';
import { LoginPage } from '../features/auth/components/LoginPage';
import { RequireAdmin } from '../features/auth/components/RequireAdmin';
import { UnauthorizedPage } from '../features/auth/components/UnauthorizedPage';
import { CoveragePage } from '../features/coverage-grid/components/CoveragePage';
import { DashboardPage } from '../features/dashboard/components/DashboardPage';
import { DocumentSectionPage } from '../features/document-sections/components/DocumentSectionPage';
import { EXAMINER_REPORTS } from '../features/document-sections/kinds/examiner-reports';
import { MARK_SCHEMES } from '../features/document-sections/kinds/mark-schemes';
import { FaqsPage } from '../features/faqs/components/FaqsPage';
import { GradeThresholdsPage } from '../features/grade-thresholds/components/GradeThresholdsPage';
import { ImportPage } from '../features/import/components/ImportPage';
import { InquiriesPage } from '../features/inquiries/components/InquiriesPage';
import { PastPaperDetailsPage } from '../features/past-papers/components/PastPaperDetailsPage';
import { PastPapersPage } from '../features/past-papers/components/PastPapersPage';
import { SettingsPage } from '../features/settings/components/SettingsPage';
import { SubjectFormPage } from '../features/subjects/components/SubjectFormPage';
import { SubjectsPage } from '../features/subjects/components/SubjectsPage';
import { UsersPage } from '../features/users/components/UsersPage';

/** Spec section 2: the routes outside the shared layout and the guarded admin routes. */
export function AdminRoutes() {
  return (
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/unauthorized" element={<UnauthorizedPage />} />
      <Route
        path="/admin"
        element={
          <RequireAdmin>
            <AdminLayout />
          </RequireAdmin>
        }
      >
        <Route index element={<Navigate to="dashboard" replace />} />
        <Route path="dashboard" element={<DashboardPage />} />
        <Route path="past-papers" element={<PastPapersPage />} />
        <Route path="past-papers/edit/:id" element={<PastPapersPage />} />
        <Route path="past-papers/:id" element={<PastPaperDetailsPage />} />
        <Route path="import" element={<ImportPage />} />
        <Route path="coverage" element={<CoveragePage />} />
        <Route path="users" element={<UsersPage />} />
        <Route path="mark-schemes" element={<DocumentSectionPage section={MARK_SCHEMES} />} />
        <Route path="examiner-reports" element={<DocumentSectionPage section={EXAMINER_REPORTS} />} />
        <Route path="grade-thresholds" element={<GradeThresholdsPage />} />
        <Route path="subjects" element={<SubjectsPage />} />
        <Route path="subjects/new" element={<SubjectFormPage />} />
        <Route path="subjects/edit/:id" element={<SubjectFormPage />} />
        <Route path="faqs" element={<FaqsPage />} />
        <Route path="inquiries" element={<InquiriesPage />} />
        <Route path="settings" element={<SettingsPage />} />
        <Route path="*" element={<Navigate to="/admin/dashboard" replace />} />
      </Route>
      {/* Only reachable when the console runs on its own origin. */}
      <Route path="*" element={<Navigate to="/admin/dashboard" replace />} />
    </Routes>
  );
}
