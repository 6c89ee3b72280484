import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { RemoteName, RemotesConfig } from './remotes-config';

/**
 * A dead or hanging remote must show its fallback quickly (within 2 s of navigation), not after the browser's
 * long timeouts. The manifest is a tiny JSON file: 1.2 s is generous for it.
 */
export const REMOTE_TIMEOUT_MS = 1200;

let config: RemotesConfig = {};
const pending = new Map<RemoteName, Promise<RemoteAppModule>>();

/** Fails manifest fetches and remoteEntry scripts that take longer than REMOTE_TIMEOUT_MS. */
const timeoutPlugin = () => ({
  name: 'ppl-remote-timeouts',
  fetch(url: string, init: RequestInit) {
    return fetch(url, { ...init, cache: 'no-cache', signal: AbortSignal.timeout(REMOTE_TIMEOUT_MS) });
  },
  createScript() {
    return { timeout: REMOTE_TIMEOUT_MS };
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

/**
 * Loads a remote's './App' once; the shell starts this as soon as it knows the remotes (in parallel with its own
 * bootstrap). A failed load is forgotten, and `fresh` re-registers the remote so a retry starts clean.
 */
export function loadRemoteApp(name: RemoteName, fresh = false): Promise<RemoteAppModule> {
  if (fresh) {
    pending.delete(name);
    const entry = config[name];
    if (entry) registerRemotes([{ name, entry }], { force: true });
  }
  let load = pending.get(name);
  if (!load) {
    load = fetchRemoteApp(name);
    pending.set(name, load);
    load.catch(() => pending.delete(name));
  }
  return load;
}
