import { useId } from 'react';
import styles from './SortSelect.module.css';

export interface SortOption<T extends string> {
  value: T;
  label: string;
}

/** A labelled select of the screen's sort orders. */
export function SortSelect<T extends string>({
  value,
  options,
  onChange,
  label = 'Sort by',
}: {
  value: T;
  options: ReadonlyArray<SortOption<T>>;
  onChange: (value: T) => void;
  label?: string;
}) {
  const id = useId();
  return (
    <div className={styles.sort}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select id={id} className={styles.select} value={value} onChange={(event) => onChange(event.target.value as T)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
