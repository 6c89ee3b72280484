import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import {
  ADMIN,
  API_PATH,
  loggedErrors,
  removeFolder,
  startBffProcess,
  type BffProcess,
  type MemorySample,
} from './support/bff-process';
import { bearer, jsonOf, send } from './support/http';
import { signIn } from './support/library';

const CONNECTIONS = 50;
/**
 * Long enough for a plateau after warm-up (the memory check below): at about 300 requests/s the BFF's RSS climbs in a
 * sawtooth with a major GC every 12-15 s, and V8 settles its heap over the first three or four of them (floors 277,
 * 317, 340, 349 MB in one run here); 30 s held two cycles, so the thirds compared a trough with a peak and the check
 * failed without a leak. The bench runs the long mixes.
 */
const DURATION_S = 60;

interface Paper {
  id: number;
  subject_level: string;
  variants: Array<{ id: number; document_path: string | null; document_downloads: number }>;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/**
 * The BFF as deployed by default (its own embedded PGlite, demo content) under 50 connections for 60 s of what
 * students do: read settings, subjects, papers by category, one paper and the FAQs, download a PDF, and send the
 * contact form.
 */
describe('load: 50 connections for 60 s of mixed reads, downloads and contact posts', () => {
  let dataDir: string;
  let bff: BffProcess;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'ppl-reliability-load-'));
    bff = await startBffProcess({ dataDir, seedDemo: true });
  }, 180_000);

  afterAll(async () => {
    await bff?.stop();
    removeFolder(dataDir);
  }, 60_000);

  it('answers every request with a 2xx, loses no inquiry or download count, and its memory does not grow', async () => {
    const get = async (path: string, headers: Record<string, string> = {}) => {
      const answer = await send(bff.origin, { method: 'GET', path: `${API_PATH}/${path}`, headers });
      if (answer.status !== 200) throw new Error(`GET ${path}: ${answer.status} ${answer.body.toString()}`);
      return jsonOf(answer) as Record<string, unknown>;
    };
    const token = await signIn(bff.origin, ADMIN.email, ADMIN.password);
    const papers = (await get('past_papers.php')).data as Paper[];
    // The paper's first variant with a document is what both download links below resolve to.
    const paper = papers.find((p) => p.variants.length > 1 && p.variants[0]!.document_path)!;
    expect(paper).toBeDefined();
    const variant = paper.variants[0]!;
    const category = paper.subject_level;
    const downloadsOf = async () =>
      ((await get(`past_papers.php?id=${paper.id}`)).data as Paper).variants.find((v) => v.id === variant.id)!
        .document_downloads;
    const inquiriesTotal = async () => (await get('inquiries.php?limit=1', bearer(token))).total as number;
    const downloadsBefore = await downloadsOf();
    const inquiriesBefore = await inquiriesTotal();

    const statuses = new Map<string, Map<number, number>>();
    const record = (kind: string) => (status: number) => {
      const byStatus = statuses.get(kind) ?? new Map<number, number>();
      byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
      statuses.set(kind, byStatus);
    };
    const ok = (kind: string) =>
      [...(statuses.get(kind) ?? new Map<number, number>()).entries()]
        .filter(([s]) => s >= 200 && s < 300)
        .reduce((n, [, c]) => n + c, 0);
    let inquiriesBuilt = 0;
    let downloadsBuilt = 0;
    const read = (kind: string, path: string) => ({
      method: 'GET',
      path: `${API_PATH}/${path}`,
      onResponse: record(kind),
    });
    const download = (kind: string, path: string) => ({
      ...read(kind, path),
      setupRequest: <T>(request: T) => {
        downloadsBuilt++;
        return request;
      },
    });

    const samples: MemorySample[] = [];
    const sampler = setInterval(() => samples.push(bff.memory()), 1000);
    let result: Awaited<ReturnType<typeof autocannon>>;
    try {
      result = await autocannon({
        url: bff.origin,
        connections: CONNECTIONS,
        duration: DURATION_S,
        timeout: 10,
        requests: [
          read('settings', 'settings.php'),
          read('subjects', 'subjects.php'),
          read('papers by category', `past_papers.php?category=${encodeURIComponent(category)}`),
          read('one paper', `past_papers.php?id=${paper.id}`),
          read('faqs', 'faqs.php?published_only=true'),
          download(
            'download (variant link)',
            `past_papers.php?download_variant_id=${variant.id}&variant_document_type=document`,
          ),
          {
            method: 'POST',
            path: `${API_PATH}/inquiries.php`,
            headers: { 'Content-Type': 'application/json' },
            // Every inquiry is different, as real ones are.
            setupRequest: (request) => {
              const n = ++inquiriesBuilt;
              return {
                ...request,
                body: JSON.stringify({
                  name: `Student ${n}`,
                  email: `student${n}@load.example`,
                  subject: 'Past papers',
                  message: `Load test inquiry number ${n}.`,
                }),
              };
            },
            onResponse: record('contact post'),
          },
          download('download (paper link)', `download/papers/${paper.id}`),
        ],
      });
    } finally {
      clearInterval(sampler);
    }

    const summary = Object.fromEntries([...statuses].map(([kind, byStatus]) => [kind, Object.fromEntries(byStatus)]));
    const rss = samples.map((s) => Math.round(s.rssKb / 1024));
    process.stdout.write(
      `load: ${result.requests.total} requests in ${result.duration} s (${Math.round(result.requests.average)}/s, ` +
        `latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms)\n` +
        `load: answers ${JSON.stringify(summary)}\nload: BFF RSS MB per second ${rss.join(' ')}; peak ${Math.round(samples.at(-1)!.peakKb / 1024)} MB\n`,
    );

    // Zero errors: no connection errors or resets, no timeouts, and every answer a 2xx.
    expect(loggedErrors(bff.log()).slice(0, 5)).toEqual([]);
    expect({ errors: result.errors, timeouts: result.timeouts, resets: result.resets, non2xx: result.non2xx }).toEqual({
      errors: 0,
      timeouts: 0,
      resets: 0,
      non2xx: 0,
    });
    for (const kind of statuses.keys())
      expect({ kind, answers: summary[kind] }).toEqual({
        kind,
        answers: { [kind === 'contact post' ? 201 : 200]: ok(kind) },
      });
    expect(statuses.size).toBe(8);
    expect(result.requests.total).toBeGreaterThan(1000);
    expect(bff.exit()).toBeUndefined();

    // Nothing lost: every inquiry answered 201 is stored, every download answered 200 is counted. Requests cut
    // off when the run stopped may have landed too, so the upper bound is what was sent.
    const inquiriesStored = (await inquiriesTotal()) - inquiriesBefore;
    expect(inquiriesStored).toBeGreaterThanOrEqual(ok('contact post'));
    expect(inquiriesStored).toBeLessThanOrEqual(inquiriesBuilt);
    const downloadsCounted = (await downloadsOf()) - downloadsBefore;
    const downloadsAnswered = ok('download (variant link)') + ok('download (paper link)');
    expect(downloadsCounted).toBeGreaterThanOrEqual(downloadsAnswered);
    expect(downloadsCounted).toBeLessThanOrEqual(downloadsBuilt);

    // Memory does not grow. One sample a second. RSS under this load is a GC sawtooth: it climbs about 8 MB a second
    // and drops by a quarter at each major GC (every 10-25 s here). What the process keeps is the level right after
    // each drop; a leak raises it from one drop to the next, for as long as the load lasts. A healthy BFF's level
    // rises too while V8 sizes its heap, by less each time: one clean-clone CI run's levels were 290, 335, 350, 369
    // and 371 MB (28 % from the first, taken 10 s in, to the last; 11 % from the first after the run's first third).
    // So the level is compared from the first drop after the first third (the warm-up) to the last: more than 15 %
    // (about 50 MB in 30-40 s here; 10 KB kept per request at 250 requests/s is 75 MB in 30 s) is a leak. Without
    // two drops after the warm-up the sawtooth cannot be read: then the medians of the last two thirds must not rise
    // more than 10 %.
    expect(samples.length).toBeGreaterThanOrEqual(DURATION_S - 5);
    const rssKb = samples.map((s) => s.rssKb);
    const third = Math.floor(samples.length / 3);
    const afterGcWarm = rssKb.filter((kb, i) => i >= third && kb < rssKb[i - 1]! * 0.9);
    const [before, after] =
      afterGcWarm.length >= 2
        ? [afterGcWarm[0]!, afterGcWarm.at(-1)!]
        : [median(rssKb.slice(third, 2 * third)), median(rssKb.slice(2 * third))];
    const allowed = afterGcWarm.length >= 2 ? 1.15 : 1.1;
    expect({
      beforeMb: Math.round(before / 1024),
      afterMb: Math.round(after / 1024),
      grew: after > before * allowed,
    }).toEqual({ beforeMb: Math.round(before / 1024), afterMb: Math.round(after / 1024), grew: false });
  }, 300_000);
});
