import type { ComponentType } from 'react';
import { loadRemoteApp, type LoadOptions, type RemoteAppModule } from '../federation/runtime';
import type { RemoteName } from '../federation/remotes-config';

/**
 * The component the slot renders for a remote's './App'. A remote of this release brings its own router
 * (`OWN_ROUTER`); one of an earlier release renders its routes inside the host's router, so it gets react-router's
 * BrowserRouter from the shell's shared copy, loaded only then (the first public page never pays for it).
 */
export async function remoteComponent(module: RemoteAppModule): Promise<{ default: ComponentType }> {
  const App = module.default;
  if (module.OWN_ROUTER) return { default: App };
  const { BrowserRouter } = await import('react-router');
  function InHostRouter() {
    return (
      <BrowserRouter>
        <App />
      </BrowserRouter>
    );
  }
  return { default: InHostRouter };
}

/** Loads a remote's './App' (see loadRemoteApp) as the slot's component. */
export function loadRemoteComponent(
  remote: RemoteName,
  options: LoadOptions = {},
): Promise<{ default: ComponentType }> {
  return loadRemoteApp(remote, options).then(remoteComponent);
}
