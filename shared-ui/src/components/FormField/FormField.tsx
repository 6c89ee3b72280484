import { cloneElement, isValidElement, useId, type ReactElement, type ReactNode } from 'react';
import styles from './FormField.module.css';

/** What a field's control receives to be wired to its label, hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  'aria-required'?: true;
}

export interface FormFieldProps {
  label: ReactNode;
  /** The control's id (generated when left out). */
  id?: string;
  /** The validation message shown at the field. */
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  /** 'inline' puts a checkbox before its label. */
  layout?: 'stacked' | 'inline';
  className?: string;
  /** One control element (input, select, textarea), or a function receiving the wiring props. */
  children: ReactElement<Record<string, unknown>> | ((control: FieldControlProps) => ReactNode);
}

/**
 * A label, a control and its messages: the control gets the id the label points to, aria-invalid while there is
 * an error, and aria-describedby naming the hint and the error text.
 */
export function FormField({
  label,
  id,
  error,
  hint,
  required,
  layout = 'stacked',
  className,
  children,
}: FormFieldProps) {
  const generated = useId();
  const controlId = id ?? `field-${generated}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const wiring: FieldControlProps = {
    id: controlId,
    ...(error ? { 'aria-invalid': true as const } : {}),
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(required ? { 'aria-required': true as const } : {}),
  };

  let control: ReactNode;
  if (typeof children === 'function') {
    control = children(wiring);
  } else if (isValidElement(children)) {
    const own = children.props['aria-describedby'];
    control = cloneElement(children, {
      ...wiring,
      'aria-describedby':
        [typeof own === 'string' ? own : undefined, describedBy].filter(Boolean).join(' ') || undefined,
    });
  } else {
    control = children;
  }

  const labelNode = (
    <label htmlFor={controlId} className={styles.label}>
      {label}
      {required && (
        <span aria-hidden="true" className={styles.required}>
          {' '}
          *
        </span>
      )}
    </label>
  );

  return (
    <div
      className={[styles.field, layout === 'inline' ? styles.inline : '', className ?? ''].filter(Boolean).join(' ')}
    >
      {layout === 'inline' ? (
        <div className={styles.inlineRow}>
          {control}
          {labelNode}
        </div>
      ) : (
        <>
          {labelNode}
          {control}
        </>
      )}
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
