import { HostContext, type HostInfo } from '@ppl/shared-ui/host';
import { remoteForPath } from './remote-for-path';
import { usePathname } from './location';
import { RemoteSlot } from './RemoteSlot';

const HOST: HostInfo = {
  host: 'shell',
  hostVersion: __RELEASE_VERSION__,
  publicSiteUrl: '/',
  adminConsoleUrl: '/admin',
};

/**
 * Routes between the two halves by the address. Each remote renders its own absolute routes in its own router, so
 * a remote's routes read the same whether it runs here or alone. The slot is keyed by half, so a failure in one half
 * never sticks to the other.
 */
export function ShellApp() {
  const half = remoteForPath(usePathname());
  return (
    <HostContext.Provider value={HOST}>
      <RemoteSlot key={half} remote={half} />
    </HostContext.Provider>
  );
}
