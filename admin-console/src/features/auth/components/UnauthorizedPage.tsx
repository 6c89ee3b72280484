import { buttonClassName } from '@ppl/shared-ui';
import { useHost } from '@ppl/shared-ui/host';
import { useNavigate } from 'react-router';
import { PublicSiteLink } from '../../../components/page/PublicSiteLink';
import { useAuth } from '../../../lib/auth/AuthProvider';
import styles from './AuthPage.module.css';

/** Spec section 2: the access-denied page with 'Go to Home' and 'Login as Different User'. */
export function UnauthorizedPage() {
  const { logout } = useAuth();
  const { host } = useHost();
  const navigate = useNavigate();
  return (
    <div className={styles.page} data-host={host}>
      <main className={styles.card}>
        <h1 className={styles.title}>Access Denied</h1>
        <p className={styles.subtitle}>You do not have permission to view this page.</p>
        <div className={styles.actions}>
          <PublicSiteLink to="/" className={buttonClassName('primary')}>
            Go to Home
          </PublicSiteLink>
          <button
            type="button"
            className={buttonClassName('secondary')}
            onClick={async () => {
              await logout();
              void navigate('/login');
            }}
          >
            Login as Different User
          </button>
        </div>
      </main>
    </div>
  );
}
