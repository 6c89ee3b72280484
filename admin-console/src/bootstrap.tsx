import { HostContext, STANDALONE_HOST, type HostInfo } from '@ppl/shared-ui/host';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import App from './app/App';

/**
 * Standalone entry for the admin-console team: the same App the shell loads (it brings its own router). On its own origin
 * the public site is elsewhere: a deployment names it in `<meta name="ppl-public-site-url">` of index.html
 * ('View Papers' and 'Go to Home' lead there); without it the standalone default applies.
 */
function standaloneHost(): HostInfo {
  const publicSiteUrl = document.querySelector<HTMLMetaElement>('meta[name="ppl-public-site-url"]')?.content.trim();
  return publicSiteUrl ? { ...STANDALONE_HOST, publicSiteUrl } : STANDALONE_HOST;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <HostContext.Provider value={standaloneHost()}>
      <App />
    </HostContext.Provider>
  </StrictMode>,
);
