import { Link } from '../../lib/router';
import { useSiteSettings } from '../../api/queries';
import { CONTACT_FALLBACKS } from '../../lib/contact-fallbacks';
import styles from './Footer.module.css';
import { useSiteBrand } from '../../hooks/use-site-brand';

const SOCIAL = [
  {
    name: 'Facebook',
    href: 'https://www.facebook.com/',
    path: 'M14 8h3V4h-3a4 4 0 0 0-4 4v2H8v4h2v6h4v-6h3l1-4h-4V8Z',
  },
  { name: 'X (Twitter)', href: 'https://x.com/', path: 'M4 4l16 16M20 4 4 20' },
  {
    name: 'Instagram',
    href: 'https://www.instagram.com/',
    path: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4Zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm5.5-1.5v.01',
  },
  {
    name: 'YouTube',
    href: 'https://www.youtube.com/',
    path: 'M3 8a3 3 0 0 1 3-3h12a3 3 0 0 1 3 3v8a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3V8Zm7 1v6l5-3-5-3Z',
  },
];

/** The footer: quick links (including o-level, a-level and igcse), contact text, social links, the release. */
export function Footer() {
  const settings = useSiteSettings();
  const brand = useSiteBrand();
  const email = settings.data?.contactEmail || CONTACT_FALLBACKS.email;
  const phone = settings.data?.supportPhone || CONTACT_FALLBACKS.phone;
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <section className={styles.about}>
          <h2 className={styles.heading}>{brand.name}</h2>
          <p>{brand.description}</p>
          <ul className={styles.social} aria-label="Follow us">
            {SOCIAL.map((s) => (
              <li key={s.name}>
                <a href={s.href} rel="noopener noreferrer" target="_blank" className={styles.socialLink}>
                  <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
                    <path
                      d={s.path}
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="1.8"
                      strokeLinecap="round"
                      strokeLinejoin="round"
                    />
                  </svg>
                  <span className="ppl-visually-hidden">{s.name} (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </section>
        <section>
          <h2 className={styles.heading}>Quick Links</h2>
          <ul className={styles.list}>
            <li>
              <Link to="/past-papers">All Past Papers</Link>
            </li>
            <li>
              <Link to="/past-papers/o-level">O Level</Link>
            </li>
            <li>
              <Link to="/past-papers/a-level">A Level</Link>
            </li>
            <li>
              <Link to="/past-papers/igcse">IGCSE</Link>
            </li>
            <li>
              <Link to="/faqs">FAQs</Link>
            </li>
            <li>
              <Link to="/contact">Contact</Link>
            </li>
          </ul>
        </section>
        <section>
          <h2 className={styles.heading}>Exam Boards</h2>
          <ul className={styles.list}>
            <li>
              <Link to="/past-papers/cambridge">Cambridge</Link>
            </li>
            <li>
              <Link to="/past-papers/edexcel">Edexcel</Link>
            </li>
            <li>
              <Link to="/past-papers/cbc">CBC</Link>
            </li>
            <li>
              <Link to="/past-papers/vocational">Vocational</Link>
            </li>
          </ul>
        </section>
        <section>
          <h2 className={styles.heading}>Contact</h2>
          <p>
            Questions, or a paper you cannot find? <Link to="/contact">Send us a message</Link> and we will get back to
            you within 24 hours.
          </p>
          <ul className={styles.list}>
            <li>
              <a href={`mailto:${email}`}>{email}</a>
            </li>
            <li>
              <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
            </li>
          </ul>
        </section>
      </div>
      <p className={styles.bottom}>
        © {new Date().getFullYear()} {brand.name} ·{' '}
        <span data-testid="public-release">Release {__RELEASE_VERSION__}</span>
      </p>
    </footer>
  );
}
