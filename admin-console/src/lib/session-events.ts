import { ApiError } from '@ppl/shared-ui';

type Listener = () => void;
const listeners = new Set<Listener>();

/** Subscribes to "the server no longer accepts this session"; returns the unsubscribe function. */
export function onSessionRejected(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Any call answered 401 means the stored credential is gone (expired or revoked): tell whoever keeps the session. */
export function reportIfSessionRejected(error: unknown): void {
  if (error instanceof ApiError && error.status === 401) listeners.forEach((listener) => listener());
}
