import { lazy } from 'react';
import { Route, Routes, useParams } from 'react-router';
import { PublicLayout } from '../components/layout/PublicLayout';
import { HomePage } from '../features/home/components/HomePage';
import { categoryFor } from '../lib/categories';

// The home page is in the remote's first chunk; every other page loads when first visited (JS budget).
const PastPapersPage = lazy(() => import('../features/past-papers/components/PastPapersPage'));
const SubjectPage = lazy(() => import('../features/subject/components/SubjectPage'));
const FaqsPage = lazy(() => import('../features/faqs/components/FaqsPage'));
const ContactPage = lazy(() => import('../features/contact/components/ContactPage'));
const SearchPage = lazy(() => import('../features/search/components/SearchPage'));
const NotFoundPage = lazy(() => import('../features/not-found/components/NotFoundPage'));
const ViewerPage = lazy(() => import('../features/viewer/components/ViewerPage'));
const MyPapersPage = lazy(() => import('../features/study/components/MyPapersPage'));
const OfflinePage = lazy(() => import('../features/offline/components/OfflinePage'));

/** /past-papers/{category}: a category we do not know is a missing page. */
function CategoryRoute() {
  const { category } = useParams();
  return categoryFor(category) ? <PastPapersPage /> : <NotFoundPage />;
}

/** Spec section 2, public routes (all inside the shared layout). */
export function PublicRoutes() {
  return (
    <Routes>
      <Route element={<PublicLayout />}>
        <Route index element={<HomePage />} />
        <Route path="past-papers" element={<PastPapersPage />} />
        <Route path="past-papers/subject" element={<SubjectPage />} />
        <Route path="past-papers/subject/:code" element={<SubjectPage />} />
        <Route path="past-papers/:category" element={<CategoryRoute />} />
        <Route path="subjects" element={<SubjectPage />} />
        <Route path="subjects/:code" element={<SubjectPage />} />
        <Route path="faqs" element={<FaqsPage />} />
        <Route path="contact" element={<ContactPage />} />
        <Route path="papers/:paperId/view" element={<ViewerPage />} />
        <Route path="search" element={<SearchPage />} />
        <Route path="my-papers" element={<MyPapersPage />} />
        <Route path="offline" element={<OfflinePage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
