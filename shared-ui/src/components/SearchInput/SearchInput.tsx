import { useId, useRef, type InputHTMLAttributes, type KeyboardEvent } from 'react';
import styles from './SearchInput.module.css';

export interface SearchInputProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'value' | 'onChange' | 'type' | 'size'
> {
  /** The field's label (visually hidden unless showLabel). */
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Called by the clear button and by Escape; defaults to onChange(''). */
  onClear?: () => void;
  clearLabel?: string;
  showLabel?: boolean;
  size?: 'normal' | 'large';
}

/** A labelled search field with a clear button; Escape clears it. */
export function SearchInput({
  label,
  value,
  onChange,
  onClear,
  clearLabel = 'Clear search',
  showLabel = false,
  size = 'normal',
  className,
  id,
  onKeyDown,
  ...rest
}: SearchInputProps) {
  const generatedId = useId();
  const inputId = id ?? generatedId;
  const input = useRef<HTMLInputElement>(null);
  const clear = () => {
    if (onClear) onClear();
    else onChange('');
    input.current?.focus();
  };
  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    onKeyDown?.(event);
    if (event.key === 'Escape' && value !== '') {
      event.preventDefault();
      clear();
    }
  };
  return (
    <div className={[styles.field, size === 'large' ? styles.large : '', className ?? ''].filter(Boolean).join(' ')}>
      <label htmlFor={inputId} className={showLabel ? styles.label : 'ppl-visually-hidden'}>
        {label}
      </label>
      <div className={styles.control}>
        <svg className={styles.icon} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="m20 20-3.6-3.6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <input
          ref={input}
          id={inputId}
          type="search"
          className={styles.input}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={keyDown}
          autoComplete="off"
          spellCheck={false}
          {...rest}
        />
        {value !== '' && (
          <button type="button" className={styles.clear} onClick={clear} aria-label={clearLabel}>
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
              <path d="M6 6l12 12M18 6 6 18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        )}
      </div>
    </div>
  );
}
