import { Button } from '@ppl/shared-ui';
import { FilterSelect } from '../../../components/page/FilterSelect';
import { levelLabel, type FilterOptions, type PaperFilters } from '../model/paper-list';
import styles from './PastPapers.module.css';

export interface PastPaperFiltersProps {
  id: string;
  options: FilterOptions;
  values: PaperFilters;
  onChange: (change: Partial<PaperFilters>) => void;
  onClear: () => void;
}

/** Subject, Level, Year and Session selects built from the values in the data, each with 'All'. */
export function PastPaperFilters({ id, options, values, onChange, onClear }: PastPaperFiltersProps) {
  const select = (
    key: 'subject' | 'level' | 'year' | 'session',
    label: string,
    items: string[],
    display = (v: string) => v,
  ) => (
    <FilterSelect
      label={label}
      value={values[key]}
      onChange={(value) => onChange({ [key]: value })}
      options={[{ value: '', label: 'All' }, ...items.map((item) => ({ value: item, label: display(item) }))]}
    />
  );
  return (
    <div id={id} className={styles.filters} role="group" aria-label="Filters">
      {select('subject', 'Subject', options.subjects)}
      {select('level', 'Level', options.levels, levelLabel)}
      {select('year', 'Year', options.years)}
      {select('session', 'Session', options.sessions)}
      <Button variant="ghost" onClick={onClear}>
        Clear Filters
      </Button>
    </div>
  );
}
