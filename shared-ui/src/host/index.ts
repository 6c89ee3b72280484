import { createContext, useContext } from 'react';

/**
 * What the page around a remote tells it. The shell provides it; a remote running on its own gets the default.
 * This module is a federation singleton (see build/rspack-preset.mjs), so the shell and every remote read the
 * same context object; keep its shape backward compatible (add optional fields only).
 */
export interface HostInfo {
  /** 'shell' inside the host app; 'standalone' when a remote runs as its own site. */
  host: 'shell' | 'standalone';
  /** The host's release, for diagnostics. */
  hostVersion: string;
  /** Where the students' site lives ('/' inside the shell; may be another origin for a standalone console). */
  publicSiteUrl: string;
  /** Where the admin console lives. */
  adminConsoleUrl: string;
}

export const STANDALONE_HOST: HostInfo = {
  host: 'standalone',
  hostVersion: 'standalone',
  publicSiteUrl: '/',
  adminConsoleUrl: '/admin',
};

export const HostContext = createContext<HostInfo>(STANDALONE_HOST);
HostContext.displayName = 'HostContext';

export function useHost(): HostInfo {
  return useContext(HostContext);
}
