import { LEVELS, LEVEL_LABELS, type Level } from '@ppl/shared-ui';

/** What a /past-papers/{category} page shows: its title, subtitle and the levels it covers. */
export interface Category {
  /** The path segment, or null for /past-papers (every level). */
  slug: string | null;
  title: string;
  subtitle: string;
  levels: readonly Level[];
}

const ALL: Category = {
  slug: null,
  title: 'All Past Papers',
  subtitle: 'Past papers, mark schemes and examiner reports for every exam board and level, free to view and download.',
  levels: LEVELS,
};

const LEVEL_SUBTITLES: Record<Level, string> = {
  'cambridge-o-levels': 'Cambridge O Level past papers with mark schemes and examiner reports, by subject.',
  'cambridge-a-levels': 'Cambridge International AS & A Level past papers with mark schemes and examiner reports.',
  'cambridge-igcse': 'Cambridge IGCSE past papers with mark schemes and examiner reports, by subject.',
  'edexcel-o-levels': 'Pearson Edexcel O Level past papers with mark schemes and examiner reports.',
  'edexcel-a-levels': 'Pearson Edexcel International A Level past papers, unit by unit, with mark schemes.',
  'edexcel-igcse': 'Pearson Edexcel International GCSE past papers with mark schemes and examiner reports.',
  'cbc-primary': 'Competency-Based Curriculum assessment papers for primary school learners.',
  'cbc-secondary': 'Competency-Based Curriculum assessment papers for junior and senior secondary learners.',
  other: 'Past papers from other exam boards and qualifications.',
  vocational: 'Past papers for vocational and technical qualifications.',
};

/**
 * Footer quick links and header texts name boards and levels rather than one category (spec section 2): each
 * shows every matching level, e.g. o-level = Cambridge O Level + Edexcel O Level.
 */
const GROUPS: Record<string, Omit<Category, 'slug'>> = {
  'o-level': {
    title: 'O Level Past Papers',
    subtitle: 'Cambridge and Edexcel O Level past papers with mark schemes and examiner reports.',
    levels: ['cambridge-o-levels', 'edexcel-o-levels'],
  },
  'a-level': {
    title: 'A Level Past Papers',
    subtitle: 'Cambridge and Edexcel AS & A Level past papers with mark schemes and examiner reports.',
    levels: ['cambridge-a-levels', 'edexcel-a-levels'],
  },
  igcse: {
    title: 'IGCSE Past Papers',
    subtitle: 'Cambridge IGCSE and Edexcel International GCSE past papers with mark schemes and examiner reports.',
    levels: ['cambridge-igcse', 'edexcel-igcse'],
  },
  cambridge: {
    title: 'Cambridge Past Papers',
    subtitle: 'Cambridge O Level, IGCSE and AS & A Level past papers with mark schemes and examiner reports.',
    levels: ['cambridge-o-levels', 'cambridge-igcse', 'cambridge-a-levels'],
  },
  edexcel: {
    title: 'Edexcel Past Papers',
    subtitle: 'Pearson Edexcel O Level, International GCSE and International A Level past papers.',
    levels: ['edexcel-o-levels', 'edexcel-igcse', 'edexcel-a-levels'],
  },
  cbc: {
    title: 'CBC Past Papers',
    subtitle: 'Competency-Based Curriculum assessment papers for primary and secondary learners.',
    levels: ['cbc-primary', 'cbc-secondary'],
  },
};

/** The group pages (/past-papers/o-level, /past-papers/cambridge, ...), for the sitemap. */
export const CATEGORY_GROUP_SLUGS: readonly string[] = Object.keys(GROUPS);

export const isLevel = (value: string): value is Level => (LEVELS as readonly string[]).includes(value);

/** The category of a path segment (case-insensitive); undefined means every level; null means no such category. */
export function categoryFor(slug: string | undefined): Category | null {
  if (slug === undefined || slug === '') return ALL;
  const key = slug.toLowerCase();
  if (isLevel(key)) {
    return { slug: key, title: `${LEVEL_LABELS[key]} Past Papers`, subtitle: LEVEL_SUBTITLES[key], levels: [key] };
  }
  const group = GROUPS[key];
  return group ? { slug: key, ...group } : null;
}

/** How the navigation groups the ten categories under their boards. */
export const CATEGORY_MENU: ReadonlyArray<{ heading: string; to: string; levels: readonly Level[] }> = [
  {
    heading: 'Cambridge',
    to: '/past-papers/cambridge',
    levels: ['cambridge-o-levels', 'cambridge-igcse', 'cambridge-a-levels'],
  },
  { heading: 'Edexcel', to: '/past-papers/edexcel', levels: ['edexcel-o-levels', 'edexcel-igcse', 'edexcel-a-levels'] },
  { heading: 'CBC', to: '/past-papers/cbc', levels: ['cbc-primary', 'cbc-secondary'] },
  { heading: 'More', to: '/past-papers', levels: ['vocational', 'other'] },
];
