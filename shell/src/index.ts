import { halfFor } from './app/halves';
import { fetchRemotesConfig } from './federation/remotes-config';
import { loadRemoteApp, registerFederation } from './federation/runtime';

// Read where the remotes live (deploy-time config) and register them; start loading the half this page needs
// while React and the shell load behind the async boundary.
void fetchRemotesConfig()
  .catch((error: unknown) => {
    console.error('Could not read /remotes.json; both halves will show their fallback.', error);
    return {};
  })
  .then((remotes) => {
    registerFederation(remotes);
    loadRemoteApp(halfFor(window.location.pathname)).catch(() => undefined); // the slot reports failures
    return import('./bootstrap');
  });
