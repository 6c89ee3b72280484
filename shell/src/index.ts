import { remoteForPath } from './app/remote-for-path';
import { fetchRemotesConfig, parseRemotesConfig, type RemotesConfig } from './federation/remotes-config';
import { retryInBackground } from './federation/retry-in-background';
import { loadRemoteApp, registerFederation, type RemoteAppModule } from './federation/runtime';
import { REMOTES_ELEMENT_ID, SERVER_BUILD_ATTRIBUTE, SERVER_RENDERED_ATTRIBUTE } from './server-rendered';

/** A server-rendered page carries the remotes config it was rendered with: no round trip to /remotes.json. */
function embeddedRemotes(): RemotesConfig | null {
  const text = document.getElementById(REMOTES_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return parseRemotesConfig(JSON.parse(text));
  } catch {
    return null;
  }
}

// Read where the remotes live (deploy-time config) and register them; start loading the half this page needs
// while React and the shell load behind the async boundary.
const half = remoteForPath(window.location.pathname);
const root = document.getElementById('root');
const serverRendered = root?.getAttribute(SERVER_RENDERED_ATTRIBUTE) === half;
const embedded = embeddedRemotes();
void (embedded ? Promise.resolve(embedded) : fetchRemotesConfig())
  .catch((error: unknown) => {
    console.error('Could not read /remotes.json; both halves will show their fallback.', error);
    return {};
  })
  .then(async (remotes) => {
    registerFederation(remotes);
    // A server-rendered page is already readable: its half's code may take as long as a slow network needs (the quick
    // timeout exists to replace a blank page with the fallback, and there is none here).
    const remote = loadRemoteApp(half, { patient: serverRendered });
    // A server-rendered page is hydrated once its half's code is here (the HTML stays as it is meanwhile), if that code
    // is the build the server rendered with; after a deploy between the two, the browser renders the page instead (no
    // hydration mismatch). If the code cannot load, the page stays as the server rendered it (readable, its links
    // work) while the shell tries again in the background, rather than giving way to the fallback.
    const renderedBuild = root?.getAttribute(SERVER_BUILD_ATTRIBUTE) ?? '';
    const sameBuild = (module: RemoteAppModule) => !module.BUILD_ID || module.BUILD_ID === renderedBuild;
    const start = (hydrate: boolean) => import('./bootstrap').then((shell) => shell.start(hydrate));
    if (!serverRendered) {
      remote.catch(() => undefined); // the slot reports failures
      return start(false);
    }
    let module: RemoteAppModule;
    try {
      module = await remote;
    } catch (error) {
      console.error(
        `Could not load ${half}; the page stays as the server rendered it while the shell tries again.`,
        error,
      );
      const stop = retryInBackground(
        half,
        (loaded) => {
          stop();
          void start(sameBuild(loaded));
        },
        { current: 0 },
      );
      return;
    }
    return start(sameBuild(module));
  });
