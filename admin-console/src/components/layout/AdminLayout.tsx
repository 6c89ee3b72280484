import { errorText, useToast } from '@ppl/shared-ui';
import { useHost } from '@ppl/shared-ui/host';
import { useEffect, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth/AuthProvider';
import { useConsoleSettings } from '../../lib/site-settings';
import { useMediaQuery } from '../../hooks/use-media-query';
import styles from './AdminLayout.module.css';
import { icons } from './icons';
import { ChangePasswordModal } from './ChangePasswordModal';
import { ProfileMenu } from './ProfileMenu';
import { ADMIN_SECTIONS, pageTitle } from './sections';

const COLLAPSED_KEY = 'ppl_admin_sidebar_collapsed';
/** Spec section 9: the notification badge is fixed at 3. */
export const NOTIFICATION_COUNT = 3;

function readCollapsed(): boolean {
  try {
    return localStorage.getItem(COLLAPSED_KEY) === 'true';
  } catch {
    return false;
  }
}

/**
 * Spec section 2 "Admin layout": a collapsible sidebar with the nine sections; a top bar with the page title
 * derived from the path, a bell with the fixed badge 3 and a profile menu (Settings, Logout → /login).
 */
export function AdminLayout() {
  const { user, logout, logoutEverywhere } = useAuth();
  const toast = useToast();
  const [changingPassword, setChangingPassword] = useState(false);
  const { host } = useHost();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const [mobileOpen, setMobileOpen] = useState(false);
  const mobile = useMediaQuery('(max-width: 800px)');
  const title = pageTitle(pathname);
  const maintenance = useConsoleSettings().data?.maintenanceMode === true;

  useEffect(() => {
    document.title = `${title} · Admin · Past Paper Library`;
  }, [title]);

  useEffect(() => setMobileOpen(false), [pathname]);

  // On a narrow screen the sidebar slides over the page; on a wide one it narrows to icons (remembered).
  const toggle = () => {
    if (mobile) {
      setMobileOpen((open) => !open);
      return;
    }
    const next = !collapsed;
    setCollapsed(next);
    try {
      localStorage.setItem(COLLAPSED_KEY, String(next));
    } catch {
      // the preference is a nicety
    }
  };

  const expanded = mobile ? mobileOpen : !collapsed;
  return (
    <div
      className={[styles.layout, collapsed ? styles.collapsed : '', mobileOpen ? styles.mobileOpen : '']
        .filter(Boolean)
        .join(' ')}
      data-host={host}
      data-testid="admin-layout"
    >
      <a className={styles.skip} href="#admin-main">
        Skip to content
      </a>
      <aside id="admin-sidebar" className={styles.sidebar} aria-label="Admin sections">
        <Link to="/admin/dashboard" className={styles.brand}>
          <span className={styles.brandMark} aria-hidden="true">
            PP
          </span>
          <span className={styles.label}>Past Paper Library Admin</span>
        </Link>
        <nav aria-label="Admin">
          <ul className={styles.nav}>
            {ADMIN_SECTIONS.map((section) => (
              <li key={section.path}>
                <NavLink
                  to={section.path}
                  className={({ isActive }) =>
                    [styles.navLink, isActive ? styles.active : ''].filter(Boolean).join(' ')
                  }
                  title={collapsed ? section.label : undefined}
                >
                  {icons[section.icon]}
                  <span className={styles.label}>{section.label}</span>
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <div className={styles.main}>
        <header className={styles.topbar}>
          <div className={styles.topbarStart}>
            <button
              type="button"
              className={styles.iconButton}
              aria-controls="admin-sidebar"
              aria-expanded={expanded}
              aria-label={expanded ? 'Collapse sidebar' : 'Expand sidebar'}
              onClick={toggle}
            >
              {icons.menu}
            </button>
            <h1 className={styles.title} data-testid="admin-page-title">
              {title}
            </h1>
          </div>
          <div className={styles.topbarEnd}>
            <span className={styles.bell} role="img" aria-label={`${NOTIFICATION_COUNT} notifications`}>
              {icons.bell}
              <span className={styles.badge} aria-hidden="true" data-testid="notification-badge">
                {NOTIFICATION_COUNT}
              </span>
            </span>
            <ProfileMenu
              name={user?.name ?? 'Admin'}
              onLogout={async () => {
                await logout();
                void navigate('/login', { replace: true });
              }}
              onChangePassword={() => setChangingPassword(true)}
              onLogoutEverywhere={async () => {
                try {
                  await logoutEverywhere();
                  void navigate('/login', { replace: true });
                } catch (error) {
                  toast.error(errorText(error, 'Failed to sign out everywhere'));
                }
              }}
            />
          </div>
        </header>
        <main id="admin-main" className={styles.content} tabIndex={-1}>
          {maintenance && (
            <p className={styles.maintenance} role="status" data-testid="maintenance-banner">
              Maintenance mode is on: visitors see a maintenance page and cannot send messages.{' '}
              <Link to="/admin/settings">Turn it off in Settings</Link>
            </p>
          )}
          <Outlet />
        </main>
        {changingPassword && <ChangePasswordModal onClose={() => setChangingPassword(false)} />}
      </div>
    </div>
  );
}
