import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import styles from './Tabs.module.css';

export interface TabItem<Id extends string = string> {
  id: Id;
  label: ReactNode;
  /** Shown as a badge after the label (e.g. how many items the tab holds). */
  count?: number;
}

export interface TabsProps<Id extends string = string> {
  tabs: ReadonlyArray<TabItem<Id>>;
  selected: Id;
  onSelect: (id: Id) => void;
  /** Accessible name of the tab list. */
  label: string;
  /** Prefix of the generated element ids (unique on the page). */
  idPrefix: string;
  /** The selected tab's panel. */
  children: ReactNode;
  /** Formats the count badge (defaults to the plain number). */
  formatCount?: (count: number) => string;
}

/**
 * WAI-ARIA tabs with automatic activation: arrow keys, Home and End move between tabs and select them; only the
 * selected tab is in the tab order and its panel follows it.
 */
export function Tabs<Id extends string>({
  tabs,
  selected,
  onSelect,
  label,
  idPrefix,
  children,
  formatCount = String,
}: TabsProps<Id>) {
  const refs = useRef(new Map<Id, HTMLButtonElement>());
  const tabId = (id: Id) => `${idPrefix}-tab-${id}`;
  const panelId = `${idPrefix}-panel`;

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === selected);
    let next = -1;
    if (event.key === 'ArrowRight' || event.key === 'ArrowDown') next = (index + 1) % tabs.length;
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') next = (index - 1 + tabs.length) % tabs.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = tabs.length - 1;
    if (next < 0) return;
    event.preventDefault();
    const target = tabs[next]!;
    onSelect(target.id);
    refs.current.get(target.id)?.focus();
  };

  return (
    <div className={styles.tabs}>
      <div role="tablist" aria-label={label} className={styles.list} onKeyDown={move} tabIndex={-1}>
        {tabs.map((tab) => {
          const isSelected = tab.id === selected;
          return (
            <button
              key={tab.id}
              ref={(node) => {
                if (node) refs.current.set(tab.id, node);
                else refs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              aria-selected={isSelected}
              aria-controls={panelId}
              tabIndex={isSelected ? 0 : -1}
              className={[styles.tab, isSelected ? styles.selected : ''].filter(Boolean).join(' ')}
              onClick={() => onSelect(tab.id)}
            >
              <span>{tab.label}</span>
              {tab.count !== undefined && <span className={styles.count}>{formatCount(tab.count)}</span>}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={panelId} aria-labelledby={tabId(selected)} tabIndex={0} className={styles.panel}>
        {children}
      </div>
    </div>
  );
}
