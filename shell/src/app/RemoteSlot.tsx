import { Component, lazy, Suspense, useCallback, useState, type ErrorInfo, type ReactNode } from 'react';
import { loadRemoteComponent } from './remote-component';
import type { RemoteName } from '../federation/remotes-config';
import { RemoteFallback } from './RemoteFallback';
import { RemoteLoading } from './RemoteLoading';

interface BoundaryProps {
  remote: RemoteName;
  onRetry: () => void;
  children: ReactNode;
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
        <RemoteFallback
          remote={this.props.remote}
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
 * re-registers the remote) instead of re-rendering the failed one.
 */
export function RemoteSlot({ remote }: { remote: RemoteName }) {
  const [attempt, setAttempt] = useState(0);
  const [RemoteApp, setRemoteApp] = useState(() => lazy(() => loadRemoteComponent(remote)));
  const retry = useCallback(() => {
    setRemoteApp(() => lazy(() => loadRemoteComponent(remote, true)));
    setAttempt((n) => n + 1);
  }, [remote]);
  return (
    <RemoteErrorBoundary key={attempt} remote={remote} onRetry={retry}>
      <Suspense fallback={<RemoteLoading />}>
        <RemoteApp />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
