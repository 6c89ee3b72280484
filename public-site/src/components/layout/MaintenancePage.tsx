import { useSiteSettings } from '../../api/queries';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useSiteBrand } from '../../hooks/use-site-brand';
import { useHttpStatus } from '../../ssr/server-render';
import styles from './MaintenancePage.module.css';

/** Shown instead of every public page while the admin has maintenance mode on (the admin keeps working). */
export function MaintenancePage() {
  const brand = useSiteBrand();
  const settings = useSiteSettings();
  const email = settings.data?.contactEmail;
  useDocumentTitle('Under maintenance');
  // Search engines keep the pages and come back later (not an error page to index).
  useHttpStatus(503);
  return (
    <section className={styles.page} aria-labelledby="maintenance-title" data-testid="maintenance-page">
      <p className={styles.brand}>{brand.name}</p>
      <h1 id="maintenance-title" className={styles.title}>
        We are down for maintenance
      </h1>
      <p className={styles.text}>The library is being updated and will be back shortly. Thank you for your patience.</p>
      {email && (
        <p className={styles.text}>
          Need help in the meantime? Write to <a href={`mailto:${email}`}>{email}</a>.
        </p>
      )}
    </section>
  );
}
