import { Button, LEVEL_LABELS, type Level } from '@ppl/shared-ui';
import { useId } from 'react';
import styles from './PastPapersPage.module.css';

export interface FilterOptions {
  levels: readonly Level[];
  years: readonly number[];
  sessions: readonly string[];
}

export interface FilterValues {
  level: string;
  year: string;
  session: string;
}

/** The filters panel: level (when the page spans several), year and session, built from the loaded papers. */
export function ListingFilters({
  id,
  options,
  values,
  onChange,
  onClear,
}: {
  id: string;
  options: FilterOptions;
  values: FilterValues;
  onChange: (name: keyof FilterValues, value: string) => void;
  onClear: () => void;
}) {
  const base = useId();
  const active = values.level !== '' || values.year !== '' || values.session !== '';
  return (
    <div id={id} className={styles.filters} role="group" aria-label="Filters">
      {options.levels.length > 1 && (
        <div className={styles.filter}>
          <label htmlFor={`${base}-level`}>Level</label>
          <select id={`${base}-level`} value={values.level} onChange={(e) => onChange('level', e.target.value)}>
            <option value="">All levels</option>
            {options.levels.map((level) => (
              <option key={level} value={level}>
                {LEVEL_LABELS[level]}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className={styles.filter}>
        <label htmlFor={`${base}-year`}>Year</label>
        <select id={`${base}-year`} value={values.year} onChange={(e) => onChange('year', e.target.value)}>
          <option value="">All years</option>
          {options.years.map((year) => (
            <option key={year} value={String(year)}>
              {year}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.filter}>
        <label htmlFor={`${base}-session`}>Session</label>
        <select id={`${base}-session`} value={values.session} onChange={(e) => onChange('session', e.target.value)}>
          <option value="">All sessions</option>
          {options.sessions.map((session) => (
            <option key={session} value={session}>
              {session}
            </option>
          ))}
        </select>
      </div>
      <Button variant="ghost" size="small" onClick={onClear} disabled={!active}>
        Clear Filters
      </Button>
    </div>
  );
}
