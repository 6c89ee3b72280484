/**
 * The router hands a `setSearchParams` function the params of the last render, so two changes made before the
 * page renders again (a slow phone: a sort chosen, then the list view) would lose the first. Each change is
 * remembered with the render it started from; a change made from that same render (within a second) starts from the
 * remembered result instead.
 */
let last: { base: string; result: string; at: number } | null = null;
const SAME_RENDER_MS = 1000;

/** Applies `change` to the params as they are after every change made since `rendered` was rendered. */
export function changeSearchParams(
  rendered: URLSearchParams,
  change: (params: URLSearchParams) => URLSearchParams,
): URLSearchParams {
  const base = rendered.toString();
  const start = last && last.base === base && Date.now() - last.at < SAME_RENDER_MS ? last.result : base;
  const result = change(new URLSearchParams(start));
  last = { base, result: result.toString(), at: Date.now() };
  return result;
}
