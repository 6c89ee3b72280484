import { lazy } from 'react';
import { PublicLayout } from '../components/layout/PublicLayout';
import { HomePage } from '../features/home/components/HomePage';
import { categoryFor } from '../lib/categories';
import { Route, Switch, useParams } from '../lib/router';

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

/** Spec section 2, public routes (all inside the shared layout); the first route that matches is shown. */
export function PublicRoutes() {
  return (
    <PublicLayout>
      <Switch>
        <Route path="/">
          <HomePage />
        </Route>
        <Route path="/past-papers">
          <PastPapersPage />
        </Route>
        <Route path="/past-papers/subject">
          <SubjectPage />
        </Route>
        <Route path="/past-papers/subject/:code">
          <SubjectPage />
        </Route>
        <Route path="/past-papers/:category">
          <CategoryRoute />
        </Route>
        <Route path="/subjects">
          <SubjectPage />
        </Route>
        <Route path="/subjects/:code">
          <SubjectPage />
        </Route>
        <Route path="/faqs">
          <FaqsPage />
        </Route>
        <Route path="/contact">
          <ContactPage />
        </Route>
        <Route path="/papers/:paperId/view">
          <ViewerPage />
        </Route>
        <Route path="/search">
          <SearchPage />
        </Route>
        <Route path="/my-papers">
          <MyPapersPage />
        </Route>
        <Route path="/offline">
          <OfflinePage />
        </Route>
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </PublicLayout>
  );
}
