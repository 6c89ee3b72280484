import { useCallback, type KeyboardEvent } from 'react';

/**
 * Arrow keys move through the results' links (and from the search box to the first one); Home and End go to the
 * first and last. The links stay in the page's tab order: this only adds a quicker way.
 */
export function useResultKeys(list: React.RefObject<HTMLElement | null>) {
  const links = useCallback(
    () => [...(list.current?.querySelectorAll<HTMLAnchorElement>('a[data-result-link]') ?? [])],
    [list],
  );
  const onListKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>) => {
      if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(event.key)) return;
      const all = links();
      const index = all.indexOf(document.activeElement as HTMLAnchorElement);
      if (index < 0 || all.length === 0) return;
      event.preventDefault();
      const next =
        event.key === 'Home'
          ? 0
          : event.key === 'End'
            ? all.length - 1
            : event.key === 'ArrowDown'
              ? Math.min(index + 1, all.length - 1)
              : Math.max(index - 1, 0);
      all[next]?.focus();
    },
    [links],
  );
  const onInputKeyDown = useCallback(
    (event: KeyboardEvent<HTMLInputElement>) => {
      if (event.key !== 'ArrowDown') return;
      const first = links()[0];
      if (!first) return;
      event.preventDefault();
      first.focus();
    },
    [links],
  );
  return { onListKeyDown, onInputKeyDown };
}
