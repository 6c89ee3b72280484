import { LEVEL_LABELS, LEVELS, type Subject } from '@ppl/shared-ui';

export interface LevelGroup {
  key: string;
  title: string;
  items: Subject[];
}

/**
 * Pages of subjects grouped by level, in the levels' order (unknown levels last): a level's cards stay together on
 * one page unless the level alone is larger than a page (then it continues on the next, "(continued)"), so no page
 * shows a level's heading twice and no level is scattered across pages.
 */
export function pageSubjectsByLevel(subjects: readonly Subject[], pageSize: number): LevelGroup[][] {
  const known = LEVELS.map((level) => ({
    key: level,
    title: LEVEL_LABELS[level],
    items: subjects.filter((s) => s.level === level),
  }));
  const others = subjects.filter((s) => !(LEVELS as readonly string[]).includes(s.level));
  const groups = [...known, { key: 'unknown', title: 'Other levels', items: others }].filter((g) => g.items.length > 0);

  const pages: LevelGroup[][] = [];
  let page: LevelGroup[] = [];
  let used = 0;
  for (const group of groups) {
    if (used > 0 && used + group.items.length > pageSize) {
      pages.push(page);
      page = [];
      used = 0;
    }
    for (let start = 0; start < group.items.length; start += pageSize) {
      const items = group.items.slice(start, start + pageSize);
      if (start > 0) {
        pages.push(page);
        page = [];
        used = 0;
      }
      page.push({
        key: start === 0 ? group.key : `${group.key}-${start}`,
        title: start === 0 ? group.title : `${group.title} (continued)`,
        items,
      });
      used += items.length;
    }
  }
  if (page.length > 0) pages.push(page);
  return pages;
}
