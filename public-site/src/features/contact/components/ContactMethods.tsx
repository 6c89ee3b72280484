import { Skeleton } from '@ppl/shared-ui';
import type { ReactNode } from 'react';
import { useSiteSettings } from '../../../api/queries';
import { CONTACT_FALLBACKS } from '../../../lib/contact-fallbacks';
import styles from './ContactPage.module.css';

const ICONS = {
  email: 'M3 6h18v12H3zM3 6l9 7 9-7',
  phone: 'M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 5a2 2 0 0 1 2-2Z',
  chat: 'M4 5h16v11H8l-4 4V5Z',
  office: 'M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11Zm0-8.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5Z',
} as const;

function Method({ icon, title, children }: { icon: keyof typeof ICONS; title: string; children: ReactNode }) {
  return (
    <li className={styles.method}>
      <span className={styles.methodIcon} aria-hidden="true">
        <svg viewBox="0 0 24 24" width="22" height="22" focusable="false">
          <path d={ICONS[icon]} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
        </svg>
      </span>
      <div className={styles.methodText}>
        <h3 className={styles.methodTitle}>{title}</h3>
        {children}
      </div>
    </li>
  );
}

/** Spec section 4: when the settings cannot be loaded, the defaults are kept and this is said. */
export const SETTINGS_FAILURE_TEXT = 'Failed to load site settings. Some features may not work as expected.';

/** Contact methods from the site settings, each falling back to a placeholder when the setting is empty. */
export function ContactMethods() {
  const settings = useSiteSettings();
  if (settings.isPending) {
    return (
      <div className={styles.methodsLoading} aria-hidden="true">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} height={72} radius={10} />
        ))}
      </div>
    );
  }
  // On failure the defaults are kept (spec section 4).
  const s = settings.data;
  const email = s?.contactEmail?.trim() || CONTACT_FALLBACKS.email;
  const phone = s?.supportPhone?.trim() || CONTACT_FALLBACKS.phone;
  const hours = s?.liveChatHours?.trim() || CONTACT_FALLBACKS.liveChatHours;
  const address = s?.officeAddress?.trim() || CONTACT_FALLBACKS.officeAddress;
  return (
    <>
      {settings.isError && (
        <p className={styles.settingsNote} role="status">
          {SETTINGS_FAILURE_TEXT}
        </p>
      )}
      <ul className={styles.methods} data-testid="contact-methods">
        <Method icon="email" title="Email">
          <a href={`mailto:${email}`}>{email}</a>
        </Method>
        <Method icon="phone" title="Phone">
          <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
        </Method>
        <Method icon="chat" title="Live Chat">
          <p>{hours}</p>
        </Method>
        <Method icon="office" title="Office">
          <address>{address}</address>
        </Method>
      </ul>
    </>
  );
}
