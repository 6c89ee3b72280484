import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { focusableWithin } from './focusable';
import styles from './Modal.module.css';

export interface ModalProps {
  open: boolean;
  /** The dialog's accessible name, shown as its heading. */
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  /** Actions shown under the body (Save, Cancel, ...). */
  footer?: ReactNode;
  size?: 'small' | 'medium' | 'large';
  /** 'alertdialog' for confirmations that interrupt the user. */
  role?: 'dialog' | 'alertdialog';
  /** Id of the element describing the dialog (aria-describedby). */
  describedBy?: string;
  /** What gets focus on open; defaults to the first focusable element of the body, else the dialog itself. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** While false (e.g. during a save), Escape, the backdrop and the close button do not close the dialog. */
  dismissible?: boolean;
  testId?: string;
}

let openCount = 0;
let savedOverflow = '';

function lockScroll(): () => void {
  if (openCount === 0) {
    savedOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
  }
  openCount++;
  return () => {
    openCount--;
    if (openCount === 0) document.body.style.overflow = savedOverflow;
  };
}

/**
 * An accessible modal dialog: labelled by its title, focus moved inside on open and trapped there (Tab and
 * Shift+Tab wrap), Escape and the backdrop close it, focus returns to where it was on close.
 */
export function Modal({
  open,
  title,
  onClose,
  children,
  footer,
  size = 'medium',
  role = 'dialog',
  describedBy,
  initialFocus,
  dismissible = true,
  testId,
}: ModalProps) {
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    if (!open) return undefined;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const unlock = lockScroll();
    const target =
      initialFocus?.current ??
      // The first field one can type in: a read-only field (e.g. a code filled from a choice) is not where work starts.
      (bodyRef.current
        ? (focusableWithin(bodyRef.current).find((el) => !el.hasAttribute('readonly')) ??
          focusableWithin(bodyRef.current)[0])
        : undefined) ??
      dialogRef.current;
    target?.focus();
    return () => {
      unlock();
      if (previous && previous.isConnected) previous.focus();
    };
    // Focus is placed once per opening, not whenever the caller passes a new initialFocus ref object.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  if (!open) return null;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (dismissible) onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab' || !dialogRef.current) return;
    const focusable = focusableWithin(dialogRef.current);
    if (focusable.length === 0) {
      event.preventDefault();
      dialogRef.current.focus();
      return;
    }
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    const active = document.activeElement;
    const inside = active instanceof Node && dialogRef.current.contains(active);
    if (event.shiftKey && (active === first || !inside || active === dialogRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !inside)) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    // A click on the backdrop is the pointer's way to dismiss; keyboard users press Escape (handled on the dialog).
    // eslint-disable-next-line jsx-a11y/no-static-element-interactions
    <div
      className={styles.backdrop}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget && dismissible) onCloseRef.current();
      }}
    >
      <div
        ref={dialogRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={[styles.dialog, styles[size]].join(' ')}
        onKeyDown={onKeyDown}
        data-testid={testId}
      >
        <header className={styles.header}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button
            type="button"
            className={styles.close}
            aria-label="Close"
            disabled={!dismissible}
            onClick={() => onCloseRef.current()}
          >
            <span aria-hidden="true">×</span>
          </button>
        </header>
        <div ref={bodyRef} className={styles.body}>
          {children}
        </div>
        {footer && <footer className={styles.footer}>{footer}</footer>}
      </div>
    </div>,
    document.body,
  );
}
