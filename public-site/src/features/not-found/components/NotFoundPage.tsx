import { buttonClassName } from '@ppl/shared-ui';
import { Link } from '../../../lib/router';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useHttpStatus } from '../../../ssr/server-render';
import styles from './NotFoundPage.module.css';

/** Any other path: 'Page Not Found' with 'Go to Homepage'. */
export function NotFoundPage() {
  useDocumentTitle('Page Not Found');
  useHttpStatus(404);
  return (
    <section className={styles.page} aria-labelledby="not-found-title">
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 id="not-found-title" className={styles.title}>
        Page Not Found
      </h1>
      <p className={styles.text}>The page you are looking for does not exist or has been moved.</p>
      <div className={styles.actions}>
        <Link to="/" className={buttonClassName('primary')}>
          Go to Homepage
        </Link>
        <Link to="/past-papers" className={buttonClassName('secondary')}>
          Browse Past Papers
        </Link>
      </div>
    </section>
  );
}

export default NotFoundPage;
