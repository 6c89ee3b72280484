/** Page numbers, zoom steps and touch gestures of the viewer: plain arithmetic, tested on its own. */

/** A page number within 1..count (count unknown: at least 1). */
export function clampPage(page: number, count: number | null): number {
  const whole = Number.isFinite(page) ? Math.floor(page) : 1;
  const max = count && count > 0 ? count : Number.MAX_SAFE_INTEGER;
  return Math.min(Math.max(whole, 1), max);
}

/** What the page box holds, read as a page: a whole number in range, or null to keep the current page. */
export function parsePageInput(text: string, count: number | null): number | null {
  if (!/^\s*\d{1,6}\s*$/.test(text)) return null;
  return clampPage(Number(text), count);
}

/** Zoom between 25 % and 500 %; each step is 25 % of the current scale, rounded to whole percents. */
export const MIN_SCALE = 0.25;
export const MAX_SCALE = 5;
export function clampScale(scale: number): number {
  return Math.min(Math.max(scale, MIN_SCALE), MAX_SCALE);
}
export function stepScale(scale: number, direction: 1 | -1): number {
  const next = direction > 0 ? scale * 1.25 : scale / 1.25;
  return clampScale(Math.round(next * 100) / 100);
}

/** The scale a pinch gives: the scale when two fingers touched, times how far apart they are now. */
export function pinchScale(startScale: number, startDistance: number, distance: number): number {
  if (startDistance <= 0) return startScale;
  return clampScale(startScale * (distance / startDistance));
}

export const distanceBetween = (a: { x: number; y: number }, b: { x: number; y: number }): number =>
  Math.hypot(a.x - b.x, a.y - b.y);

/**
 * A horizontal swipe turns the page: at least 60 px sideways, clearly more sideways than up or down, within
 * 600 ms. Left (finger moving left) is the next page.
 */
export function swipeDirection(dx: number, dy: number, ms: number): 1 | -1 | 0 {
  if (ms > 600 || Math.abs(dx) < 60 || Math.abs(dx) < Math.abs(dy) * 2) return 0;
  return dx < 0 ? 1 : -1;
}

/** Which page the other pane shows when scrolling is linked: the same number, within its own page count. */
export function linkedPage(page: number, otherCount: number | null): number {
  return clampPage(page, otherCount);
}
