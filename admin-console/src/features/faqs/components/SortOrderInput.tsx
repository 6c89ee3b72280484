import { useState } from 'react';
import styles from './Faqs.module.css';

export interface SortOrderInputProps {
  value: number;
  label: string;
  disabled?: boolean;
  onCommit: (value: number) => void;
}

/** The Order cell: edited in place, saved on Enter or when focus leaves, if it changed to a valid whole number. */
export function SortOrderInput({ value, label, disabled, onCommit }: SortOrderInputProps) {
  const [draft, setDraft] = useState(String(value));
  const [seen, setSeen] = useState(value);
  // Enter commits, and the blur that follows (the input is disabled while saving) must not commit the same value again.
  const [sent, setSent] = useState<number | null>(null);
  if (seen !== value) {
    setSeen(value);
    setDraft(String(value));
    setSent(null);
  }
  const commit = () => {
    const trimmed = draft.trim();
    if (!/^\d+$/.test(trimmed)) {
      setDraft(String(value));
      return;
    }
    const next = Number(trimmed);
    if (next === value || next === sent) return;
    setSent(next);
    onCommit(next);
  };
  return (
    <input
      className={styles.order}
      type="number"
      min={0}
      step={1}
      inputMode="numeric"
      aria-label={label}
      value={draft}
      disabled={disabled}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          commit();
        } else if (event.key === 'Escape') {
          setDraft(String(value));
        }
      }}
    />
  );
}
