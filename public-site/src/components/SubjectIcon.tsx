import type { ReactElement } from 'react';
import styles from './SubjectIcon.module.css';

/** Spec section 2: eight colours rotate over the subject cards. */
export const SUBJECT_COLOURS = [
  '#3b4fd8',
  '#0f766e',
  '#b45309',
  '#be185d',
  '#6d28d9',
  '#15803d',
  '#c2410c',
  '#0369a1',
] as const;

export const subjectColour = (index: number): string => SUBJECT_COLOURS[((index % 8) + 8) % 8]!;

export type SubjectIconName = 'physics' | 'biology' | 'chemistry' | 'mathematics' | 'book';

/** Icons are chosen by name: Physics, Biology, Chemistry, Mathematics, otherwise a book. */
export function iconForSubject(name: string): SubjectIconName {
  const lower = name.toLowerCase();
  if (lower.includes('physics')) return 'physics';
  if (lower.includes('biology')) return 'biology';
  if (lower.includes('chemistry')) return 'chemistry';
  if (lower.includes('math')) return 'mathematics';
  return 'book';
}

const PATHS: Record<SubjectIconName, ReactElement> = {
  physics: (
    <>
      <circle cx="12" cy="12" r="1.8" fill="currentColor" />
      <ellipse cx="12" cy="12" rx="9" ry="3.6" />
      <ellipse cx="12" cy="12" rx="9" ry="3.6" transform="rotate(60 12 12)" />
      <ellipse cx="12" cy="12" rx="9" ry="3.6" transform="rotate(120 12 12)" />
    </>
  ),
  biology: (
    <>
      <path d="M5 19c0-8 5-14 14-14 0 9-6 14-14 14Z" />
      <path d="M5 19 13 11" />
    </>
  ),
  chemistry: (
    <>
      <path d="M9 3h6M10 3v6l-5.5 9.5A1.7 1.7 0 0 0 6 21h12a1.7 1.7 0 0 0 1.5-2.5L14 9V3" />
      <path d="M7.5 15h9" />
    </>
  ),
  mathematics: (
    <>
      <rect x="4" y="3" width="16" height="18" rx="2" />
      <path d="M8 7h8M8 12h2M14 12h2M8 16h2M14 16h2" />
    </>
  ),
  book: (
    <>
      <path d="M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2V5Z" />
      <path d="M4 19a2 2 0 0 1 2-2h13" />
    </>
  ),
};

/** A subject's icon on a coloured tile. Decorative: the subject's name is always written next to it. */
export function SubjectIcon({ name, colour, size = 48 }: { name: string; colour: string; size?: number }) {
  const icon = iconForSubject(name);
  return (
    <span
      className={styles.tile}
      style={{ background: colour, width: size, height: size }}
      data-icon={icon}
      aria-hidden="true"
    >
      <svg
        viewBox="0 0 24 24"
        width={size * 0.55}
        height={size * 0.55}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
        focusable="false"
      >
        {PATHS[icon]}
      </svg>
    </span>
  );
}
