import { LEVEL_LABELS } from '@ppl/shared-ui';
import { useCallback, useEffect, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { Link, NavLink, usePathname } from '../../lib/router';
import { CATEGORY_MENU } from '../../lib/categories';
import { HeaderSearch } from './HeaderSearch';
import styles from './Navigation.module.css';
import { useSiteBrand } from '../../hooks/use-site-brand';

/** Spec section 9: the navigation takes its 'scrolled' appearance after 20 px. */
export const SCROLL_THRESHOLD_PX = 20;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  [styles.link, isActive ? styles.active : ''].filter(Boolean).join(' ');

function useScrolled(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > threshold);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return scrolled;
}

/**
 * Home, Past Papers (a dropdown of the ten categories under their boards), FAQs, Contact. On small screens the
 * links fold into a menu. Both the dropdown and the menu open by keyboard, close on Escape (focus returns to their
 * button), when focus or a click leaves them, and on navigation.
 */
export function Navigation() {
  const scrolled = useScrolled(SCROLL_THRESHOLD_PX);
  const brand = useSiteBrand();
  const [menuOpen, setMenuOpen] = useState(false);
  const [papersOpen, setPapersOpen] = useState(false);
  const pathname = usePathname();
  const menuButton = useRef<HTMLButtonElement>(null);
  const papersButton = useRef<HTMLButtonElement>(null);
  const papersMenu = useRef<HTMLDivElement>(null);
  const nav = useRef<HTMLElement>(null);

  useEffect(() => {
    setMenuOpen(false);
    setPapersOpen(false);
  }, [pathname]);

  // A click anywhere outside the navigation closes what is open.
  useEffect(() => {
    if (!menuOpen && !papersOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (nav.current && !nav.current.contains(event.target as Node)) {
        setMenuOpen(false);
        setPapersOpen(false);
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [menuOpen, papersOpen]);

  const closePapers = useCallback((returnFocus: boolean) => {
    setPapersOpen(false);
    if (returnFocus) papersButton.current?.focus();
  }, []);

  const onNavKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape') return;
    if (papersOpen) {
      event.stopPropagation();
      closePapers(true);
    } else if (menuOpen) {
      event.stopPropagation();
      setMenuOpen(false);
      menuButton.current?.focus();
    }
  };

  const onPapersButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setPapersOpen(true);
      requestAnimationFrame(() => papersMenu.current?.querySelector<HTMLAnchorElement>('a')?.focus());
    }
  };

  const onPapersBlur = (event: FocusEvent<HTMLLIElement>) => {
    if (papersOpen && !event.currentTarget.contains(event.relatedTarget)) setPapersOpen(false);
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const links = [...(papersMenu.current?.querySelectorAll<HTMLAnchorElement>('a') ?? [])];
    const index = links.indexOf(document.activeElement as HTMLAnchorElement);
    if (index < 0) return;
    event.preventDefault();
    const next = event.key === 'ArrowDown' ? (index + 1) % links.length : (index - 1 + links.length) % links.length;
    links[next]?.focus();
  };

  const papersActive = pathname.startsWith('/past-papers') || pathname.startsWith('/subjects');

  return (
    // Arrow keys move between the focusable links and buttons inside (roving focus); the header itself is not a control.
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <header
      ref={nav}
      className={[styles.nav, scrolled ? styles.scrolled : ''].filter(Boolean).join(' ')}
      data-scrolled={scrolled}
      onKeyDown={onNavKeyDown}
    >
      <nav className={styles.inner} aria-label="Main">
        <Link to="/" className={styles.brand}>
          <span className={styles.logo} aria-hidden="true">
            <svg viewBox="0 0 24 24" width="20" height="20" focusable="false">
              <path
                d="M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2V5Z"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinejoin="round"
              />
              <path d="M8 7h7M8 11h5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </span>
          <span className={styles.brandName}>{brand.name}</span>
        </Link>
        <HeaderSearch />
        <button
          ref={menuButton}
          type="button"
          className={[styles.link, styles.toggle].join(' ')}
          aria-expanded={menuOpen}
          aria-controls="public-nav-links"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            {menuOpen ? (
              <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            ) : (
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            )}
          </svg>
          <span className={styles.toggleLabel}>Menu</span>
        </button>
        <ul
          id="public-nav-links"
          className={[styles.links, menuOpen ? styles.linksOpen : ''].filter(Boolean).join(' ')}
        >
          <li>
            <NavLink to="/" end className={linkClass}>
              Home
            </NavLink>
          </li>
          <li className={styles.dropdown} onBlur={onPapersBlur}>
            <button
              ref={papersButton}
              type="button"
              className={[styles.link, papersActive ? styles.active : ''].filter(Boolean).join(' ')}
              aria-expanded={papersOpen}
              aria-controls="past-papers-menu"
              onClick={() => setPapersOpen((open) => !open)}
              onKeyDown={onPapersButtonKeyDown}
            >
              Past Papers
              <svg
                className={styles.caret}
                viewBox="0 0 12 8"
                width="12"
                height="8"
                aria-hidden="true"
                focusable="false"
              >
                <path d="M1 1l5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" />
              </svg>
            </button>
            {/* Arrow keys move between the links inside (the keydown bubbles up from them). */}
            {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions */}
            <div
              ref={papersMenu}
              id="past-papers-menu"
              className={styles.menu}
              hidden={!papersOpen}
              onKeyDown={onMenuKeyDown}
            >
              <Link className={[styles.menuLink, styles.menuAll].join(' ')} to="/past-papers">
                All Past Papers
              </Link>
              <div className={styles.menuGroups}>
                {CATEGORY_MENU.map((group) => (
                  <div key={group.heading} className={styles.menuGroup}>
                    {group.heading === 'More' ? (
                      <span className={styles.menuHeading}>More</span>
                    ) : (
                      <Link className={styles.menuHeading} to={group.to}>
                        {group.heading}
                      </Link>
                    )}
                    <ul className={styles.menuList}>
                      {group.levels.map((level) => (
                        <li key={level}>
                          <Link className={styles.menuLink} to={`/past-papers/${level}`}>
                            {LEVEL_LABELS[level]}
                          </Link>
                        </li>
                      ))}
                    </ul>
                  </div>
                ))}
              </div>
            </div>
          </li>
          <li>
            <NavLink to="/my-papers" className={linkClass}>
              My papers
            </NavLink>
          </li>
          <li>
            <NavLink to="/faqs" className={linkClass}>
              FAQs
            </NavLink>
          </li>
          <li>
            <NavLink to="/contact" className={linkClass}>
              Contact
            </NavLink>
          </li>
        </ul>
      </nav>
    </header>
  );
}
