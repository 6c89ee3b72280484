import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';
import styles from './Card.module.css';

export interface CardProps extends HTMLAttributes<HTMLElement> {
  /** The element the card is (an article for a self-contained item, an li inside a list, ...). */
  as?: 'article' | 'section' | 'div' | 'li';
  /** Content above the body, e.g. a heading row. */
  header?: ReactNode;
  /** Content below the body, e.g. actions. */
  footer?: ReactNode;
  /** A colour for the card's top edge. */
  accent?: string;
  padding?: 'none' | 'normal' | 'large';
  /** Lifts on hover (for cards whose main content is a link). */
  interactive?: boolean;
}

/** A surface that groups one item's content, with optional header and footer. */
export function Card({
  as: Element = 'div',
  header,
  footer,
  accent,
  padding = 'normal',
  interactive = false,
  className,
  style,
  children,
  ...rest
}: CardProps) {
  const classes = [
    styles.card,
    styles[padding],
    interactive ? styles.interactive : '',
    accent ? styles.accented : '',
    className ?? '',
  ]
    .filter(Boolean)
    .join(' ');
  const withAccent: CSSProperties | undefined = accent ? { ...style, ['--ppl-card-accent' as string]: accent } : style;
  return (
    <Element className={classes} style={withAccent} {...rest}>
      {header !== undefined && <div className={styles.header}>{header}</div>}
      <div className={styles.body}>{children}</div>
      {footer !== undefined && <div className={styles.footer}>{footer}</div>}
    </Element>
  );
}
