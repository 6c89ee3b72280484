import { SearchInput } from '@ppl/shared-ui';
import type { ReactNode } from 'react';
import page from './page.module.css';

export interface SearchToolbarProps {
  /** The search box's (visually hidden) label. */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  /** Filters and view switches, after the search box. */
  children?: ReactNode;
}

/** The toolbar above a list: its search box, growing to the free width, then any filters. */
export function SearchToolbar({ label, placeholder, value, onChange, children }: SearchToolbarProps) {
  return (
    <div className={page.toolbar}>
      <SearchInput className={page.grow} label={label} placeholder={placeholder} value={value} onChange={onChange} />
      {children}
    </div>
  );
}
