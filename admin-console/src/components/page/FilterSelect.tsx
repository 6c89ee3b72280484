import { useId } from 'react';
import page from './page.module.css';

export interface FilterSelectProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: ReadonlyArray<{ value: string; label: string }>;
}

/** A labelled select of a list's toolbar (the label names only the select, not its options). */
export function FilterSelect({ label, value, onChange, options }: FilterSelectProps) {
  const id = useId();
  return (
    <div className={page.filterLabel}>
      <label htmlFor={id}>{label}</label>
      <select id={id} className={page.select} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
