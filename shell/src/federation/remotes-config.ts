/** The two halves the shell can load, by federation container name. */
export const REMOTE_NAMES = ['public_site', 'admin_console'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** /remotes.json: the mf-manifest.json URL of each remote, written at deploy time (never baked into the build). */
export type RemotesConfig = Partial<Record<RemoteName, string>>;

export const REMOTES_CONFIG_URL = '/remotes.json';

/** Reads and validates the remotes config. A missing or broken config leaves both halves unregistered. */
export async function fetchRemotesConfig(fetchFn: typeof fetch = fetch, timeoutMs = 3000): Promise<RemotesConfig> {
  const response = await fetchFn(REMOTES_CONFIG_URL, { cache: 'no-store', signal: AbortSignal.timeout(timeoutMs) });
  if (!response.ok) throw new Error(`remotes config answered ${response.status}`);
  return parseRemotesConfig(await response.json());
}

export function parseRemotesConfig(raw: unknown): RemotesConfig {
  if (!raw || typeof raw !== 'object') throw new Error('remotes config must be an object');
  const config: RemotesConfig = {};
  for (const name of REMOTE_NAMES) {
    const url = (raw as Record<string, unknown>)[name];
    if (typeof url === 'string' && url.trim() !== '') config[name] = url.trim();
  }
  return config;
}
