import { buttonClassName } from '@ppl/shared-ui';
import { Link } from '../../../lib/router';
import { useHttpStatus } from '../../../ssr/server-render';
import styles from './SubjectPage.module.css';

/** Spec section 2: the heading 'Subject Not Found' with the reason. */
export function SubjectNotFound({ message }: { message: string }) {
  useHttpStatus(404);
  return (
    <section className={styles.notFound} aria-labelledby="subject-not-found">
      <h1 id="subject-not-found" className={styles.notFoundTitle}>
        Subject Not Found
      </h1>
      <p className={styles.notFoundText} role="alert">
        {message}
      </p>
      <div className={styles.notFoundActions}>
        <Link to="/past-papers" className={buttonClassName('primary')}>
          Browse Past Papers
        </Link>
        <Link to="/" className={buttonClassName('secondary')}>
          Go to Homepage
        </Link>
      </div>
    </section>
  );
}
