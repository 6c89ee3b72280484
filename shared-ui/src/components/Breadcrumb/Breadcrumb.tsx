import type { ComponentType, ReactNode } from 'react';
import styles from './Breadcrumb.module.css';

export interface BreadcrumbItem {
  label: string;
  /** Where the crumb leads; the last crumb (the current page) needs none. */
  to?: string;
}

export interface BreadcrumbLinkProps {
  to: string;
  className?: string;
  children: ReactNode;
}

export interface BreadcrumbProps {
  items: ReadonlyArray<BreadcrumbItem>;
  /** The link component (e.g. react-router's Link); a plain anchor by default. */
  linkAs?: ComponentType<BreadcrumbLinkProps>;
  /** Accessible name of the navigation landmark. */
  label?: string;
}

function Anchor({ to, className, children }: BreadcrumbLinkProps) {
  return (
    <a href={to} className={className}>
      {children}
    </a>
  );
}

/** Where the page sits: Home > Past Papers > Mathematics. The last crumb is the current page. */
export function Breadcrumb({ items, linkAs: LinkAs = Anchor, label = 'Breadcrumb' }: BreadcrumbProps) {
  return (
    <nav aria-label={label} className={styles.breadcrumb}>
      <ol className={styles.list}>
        {items.map((item, index) => {
          const current = index === items.length - 1;
          return (
            <li key={`${index}-${item.label}`} className={styles.item}>
              {current || !item.to ? (
                <span aria-current={current ? 'page' : undefined} className={current ? styles.current : undefined}>
                  {item.label}
                </span>
              ) : (
                <LinkAs to={item.to} className={styles.link}>
                  {item.label}
                </LinkAs>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
