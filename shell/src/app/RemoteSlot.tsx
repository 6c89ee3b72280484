import {
  Component,
  lazy,
  Suspense,
  useCallback,
  useRef,
  useState,
  type ErrorInfo,
  type ReactNode,
  type RefObject,
} from 'react';
import { loadRemoteComponent } from './remote-component';
import type { RemoteName } from '../federation/remotes-config';
import { RemoteFallback } from './RemoteFallback';
import { RemoteLoading } from './RemoteLoading';
import { useBackgroundRetries } from './use-background-retries';

interface BoundaryProps {
  remote: RemoteName;
  /** "Try again": a new load, showing the spinner. */
  onRetry: () => void;
  /** A load behind the fallback succeeded: show the half. */
  onLoaded: () => void;
  /** The tries made behind the fallback so far, for this slot (useBackgroundRetries). */
  backgroundTries: RefObject<number>;
  children: ReactNode;
}

/** The fallback, with the remote being tried again behind it. */
function UnavailableRemote({ remote, onRetry, onLoaded, backgroundTries }: Omit<BoundaryProps, 'children'>) {
  useBackgroundRetries(remote, onLoaded, backgroundTries);
  return <RemoteFallback remote={remote} onRetry={onRetry} />;
}

class RemoteErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(`The ${this.props.remote} half failed`, error, info.componentStack);
  }

  override render() {
    if (this.state.failed) {
      return (
        <UnavailableRemote
          remote={this.props.remote}
          onLoaded={this.props.onLoaded}
          backgroundTries={this.props.backgroundTries}
          onRetry={() => {
            this.setState({ failed: false });
            this.props.onRetry();
          }}
        />
      );
    }
    return this.props.children;
  }
}

/**
 * One half of the product. React.lazy caches a failed load, so a retry builds a fresh lazy component (and
 * re-registers the remote) instead of re-rendering the failed one; after a load behind the fallback succeeded, the
 * new lazy component takes that loaded remote.
 */
export function RemoteSlot({ remote }: { remote: RemoteName }) {
  const [attempt, setAttempt] = useState(0);
  const backgroundTries = useRef(0);
  const [RemoteApp, setRemoteApp] = useState(() => lazy(() => loadRemoteComponent(remote)));
  const show = useCallback(
    (fresh: boolean) => {
      setRemoteApp(() => lazy(() => loadRemoteComponent(remote, { fresh })));
      setAttempt((n) => n + 1);
    },
    [remote],
  );
  const retry = useCallback(() => show(true), [show]);
  const loaded = useCallback(() => show(false), [show]);
  return (
    <RemoteErrorBoundary
      key={attempt}
      remote={remote}
      onRetry={retry}
      onLoaded={loaded}
      backgroundTries={backgroundTries}
    >
      <Suspense fallback={<RemoteLoading />}>
        <RemoteApp />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
