import type { ReactNode } from 'react';
import styles from './PageHero.module.css';

/** The coloured band at the top of an inner page: optional breadcrumb, the page's h1, a subtitle. */
export function PageHero({
  title,
  subtitle,
  breadcrumb,
  children,
}: {
  title: ReactNode;
  subtitle?: ReactNode;
  breadcrumb?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <header className={styles.hero}>
      <div className={styles.inner}>
        {breadcrumb && <div className={styles.breadcrumb}>{breadcrumb}</div>}
        <h1 className={styles.title}>{title}</h1>
        {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
        {children}
      </div>
    </header>
  );
}
