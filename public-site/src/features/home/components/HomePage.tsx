import { useDocumentTitle } from '../../../hooks/use-document-title';
import { FeatureBlurbs } from './FeatureBlurbs';
import { HomeHero } from './HomeHero';
import { HomeStats } from './HomeStats';
import { PaperSearch } from './PaperSearch';
import { PopularSubjects } from './PopularSubjects';
import { RecentUploads } from './RecentUploads';

export function HomePage() {
  useDocumentTitle(null);
  return (
    <>
      <HomeHero />
      <HomeStats />
      <PaperSearch />
      <PopularSubjects />
      <RecentUploads />
      <FeatureBlurbs />
    </>
  );
}
