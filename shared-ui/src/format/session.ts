const WINTER = new Set(['w', 'winter', 'oct', 'nov']);
const SUMMER = new Set(['s', 'summer', 'may', 'june']);
const SPRING = new Set(['sp', 'spring']);
const ANNUAL = new Set(['a', 'annual', '']);

/**
 * Spec section 4, session display normalisation: w, winter, oct, nov → Winter; s, summer, may, june → Summer;
 * sp, spring → Spring; a, annual or empty → Annual; other text is capitalised.
 */
export function normaliseSession(session: string | null | undefined): string {
  const raw = (session ?? '').trim();
  const key = raw.toLowerCase();
  if (WINTER.has(key)) return 'Winter';
  if (SUMMER.has(key)) return 'Summer';
  if (SPRING.has(key)) return 'Spring';
  if (ANNUAL.has(key)) return 'Annual';
  return raw.charAt(0).toUpperCase() + raw.slice(1);
}
