import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { RemoteName, RemotesConfig } from './remotes-config';

/**
 * A dead or hanging remote must show its fallback quickly (within 2 s of navigation), not after the browser's
 * long timeouts. The manifest is a tiny JSON file: 1.2 s is generous for it.
 */
export const REMOTE_TIMEOUT_MS = 1200;
/**
 * How long a patient load (the retries made behind the fallback) waits for the manifest and remoteEntry: a live
 * remote on a slow network or a busy server arrives within it and replaces the fallback by itself.
 */
export const REMOTE_PATIENCE_MS = 10_000;

let config: RemotesConfig = {};
const pending = new Map<RemoteName, Promise<RemoteAppModule>>();
/** Patient loads in flight, by remote. */
const patientLoads = new Map<RemoteName, number>();

/** What the federation runtime says of the remote a request is for. */
interface RemoteInfo {
  name?: string;
}

/** The remote a request is for: the one the runtime names, else the one whose folder (of its manifest) holds `url`. */
function remoteOf(url: string, info?: RemoteInfo): RemoteName | undefined {
  if (info?.name && info.name in config) return info.name as RemoteName;
  try {
    const address = new URL(url, window.location.href).href;
    for (const [name, entry] of Object.entries(config)) {
      if (entry && address.startsWith(new URL('.', new URL(entry, window.location.href)).href))
        return name as RemoteName;
    }
  } catch {
    // not an address: no remote of ours
  }
  return undefined;
}

/**
 * The time a manifest fetch or remoteEntry script at `url` gets: the patience while a patient load of its remote
 * runs, else the quick timeout (so a dead remote still shows its fallback quickly while another is being waited
 * for). A file outside every remote's folder gets the patience while any patient load runs.
 */
export function remoteRequestTimeout(url?: string, info?: RemoteInfo): number {
  const remote = url === undefined ? undefined : remoteOf(url, info);
  const patient = remote ? (patientLoads.get(remote) ?? 0) > 0 : [...patientLoads.values()].some((n) => n > 0);
  return patient ? REMOTE_PATIENCE_MS : REMOTE_TIMEOUT_MS;
}

/** Fails manifest fetches and remoteEntry scripts that take longer than remoteRequestTimeout(url). */
const timeoutPlugin = () => ({
  name: 'ppl-remote-timeouts',
  fetch(url: string, init: RequestInit, remoteInfo?: RemoteInfo) {
    const timeout = remoteRequestTimeout(url, remoteInfo);
    return fetch(url, { ...init, cache: 'no-cache', signal: AbortSignal.timeout(timeout) });
  },
  createScript({ url, remoteInfo }: { url: string; remoteInfo?: RemoteInfo }) {
    return { timeout: remoteRequestTimeout(url, remoteInfo) };
  },
});

export function registerFederation(remotes: RemotesConfig): void {
  config = remotes;
  registerPlugins([timeoutPlugin()]);
  registerRemotes(
    Object.entries(remotes).map(([name, entry]) => ({ name, entry })),
    { force: true },
  );
}

/**
 * The exposed-module contract: every remote exposes './App', whose default export is a component without
 * required props that renders that half's routes. A remote that brings its own router says so with `OWN_ROUTER`;
 * a remote of an earlier release expects the host's router (the shell wraps it in one).
 */
export interface RemoteAppModule {
  default: ComponentType;
  /** The remote's build (the public site says it): server HTML is hydrated only by code of the same build. */
  BUILD_ID?: string;
  /** True when './App' renders its own router. */
  OWN_ROUTER?: boolean;
}

async function fetchRemoteApp(name: RemoteName): Promise<RemoteAppModule> {
  const entry = config[name];
  if (!entry) throw new Error(`No address is configured for ${name}`);
  const module = await loadRemote<RemoteAppModule>(`${name}/App`);
  if (!module?.default) throw new Error(`${name} did not provide ./App`);
  return module;
}

export interface LoadOptions {
  /** Re-register the remote first, so that a retry starts clean (a failed load is forgotten anyway). */
  fresh?: boolean;
  /** Wait REMOTE_PATIENCE_MS rather than REMOTE_TIMEOUT_MS for the remote's files. */
  patient?: boolean;
}

/**
 * Loads a remote's './App' once; the shell starts this as soon as it knows the remotes (in parallel with its own
 * bootstrap). A failed load is forgotten (unless a newer load of that remote has started since).
 */
export function loadRemoteApp(
  name: RemoteName,
  { fresh = false, patient = false }: LoadOptions = {},
): Promise<RemoteAppModule> {
  if (fresh) {
    pending.delete(name);
    const entry = config[name];
    if (entry) registerRemotes([{ name, entry }], { force: true });
  }
  let load = pending.get(name);
  if (!load) {
    if (patient) patientLoads.set(name, (patientLoads.get(name) ?? 0) + 1);
    const started = fetchRemoteApp(name);
    load = started;
    pending.set(name, started);
    started
      .catch(() => {
        if (pending.get(name) === started) pending.delete(name);
      })
      .finally(() => {
        if (patient) patientLoads.set(name, (patientLoads.get(name) ?? 1) - 1);
      });
  }
  return load;
}
