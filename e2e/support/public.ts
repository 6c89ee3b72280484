import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** A public (unauthenticated) GET of the BFF, unwrapped from its `{ data }` envelope when there is one. */
export async function publicApi<T>(baseUrl: string, path: string): Promise<T> {
  const response = await fetch(`${baseUrl}/backend/api${path}`, { headers: { Accept: 'application/json' } });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  const body = (await response.json()) as { data?: T } & T;
  return body.data !== undefined ? body.data : body;
}

export interface SeededSubject {
  id: number;
  name: string;
  code: string;
  level: string;
  description: string | null;
  paper_count: number;
}

export interface SeededVariant {
  id: number;
  name: string;
  version: number;
  document_path: string;
  mark_scheme_path: string | null;
  examiner_report_path: string | null;
  document_downloads: number;
  downloads: number;
}

export interface SeededPaper {
  id: number;
  subject_id: number;
  subject: string;
  subject_code: string;
  subject_level: string;
  year: number;
  session: string;
  updated_at: string;
  variants: SeededVariant[];
  /** Mark schemes and examiner reports added in their own admin sections. */
  linked_documents: Array<{ kind: 'mark_scheme' | 'examiner_report'; id: number }>;
}

/** Every mark scheme / examiner report students see with these papers: the variants' and those added on their own. */
export function documentCount(papers: readonly SeededPaper[], kind: 'mark_scheme' | 'examiner_report'): number {
  const path = kind === 'mark_scheme' ? 'mark_scheme_path' : 'examiner_report_path';
  return papers.reduce(
    (n, p) =>
      n + p.variants.filter((v) => v[path]).length + (p.linked_documents ?? []).filter((d) => d.kind === kind).length,
    0,
  );
}

/** en-US number format, as the site shows numbers. */
export const enUS = (n: number): string => new Intl.NumberFormat('en-US').format(n);

export interface AxeFinding {
  id: string;
  impact: string | null | undefined;
  help: string;
  targets: string[];
}

/**
 * Serious and critical axe violations of the page as it is now (an empty list is a pass). Every rule of the tags
 * runs; only violations are collected in full (the passes and incomplete checks are not what a test reads).
 * Legacy mode runs axe in the page itself (its same-origin frames included): the default mode opens one more blank
 * page per check to merge frame results, which made each check 2.5-3 times as slow (1.3-2.5 s against 0.5-0.7 s per
 * page here) for pages that have no cross-origin frames.
 */
export async function seriousA11yViolations(page: Page): Promise<AxeFinding[]> {
  const result = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .options({ resultTypes: ['violations'] })
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
}

/** Whether the page is wider than the viewport (a horizontal scrollbar on a phone). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * Loads a public page and waits until it is live: the server's HTML is on screen at once, and the page answers
 * clicks and typing once React has hydrated it (`<html data-page-ready>`, public-site's PublicLayout).
 */
export async function openPublicPage(page: Page, baseUrl: string, path: string): Promise<void> {
  await page.goto(`${baseUrl}${path}`);
  await waitForLivePage(page);
}

export async function waitForLivePage(page: Page): Promise<void> {
  await page.getByTestId('public-layout').waitFor();
  await page.locator('html[data-page-ready="true"]').waitFor({ state: 'attached' });
}

/**
 * Polls `read` until `accept` says yes (or the time is up) and returns the last value, so an assertion can follow.
 * Route changes render in a React transition: the URL can change a moment before the page does.
 */
export async function settled<T>(read: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!accept(value) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}
