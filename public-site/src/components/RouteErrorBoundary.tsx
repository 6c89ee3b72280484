import { Component, type ErrorInfo, type ReactNode } from 'react';
import { LoadError } from './LoadError';

interface Props {
  children: ReactNode;
}

/**
 * Catches a page that fails to render or whose lazily loaded code does not arrive (a redeploy, a dropped
 * connection). The layout keys it by path, so moving to another page starts afresh.
 */
export class RouteErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A public page failed', error, info.componentStack);
  }

  override render() {
    if (this.state.failed) {
      return (
        <LoadError
          message="Something went wrong while loading this page. Please check your connection and try again."
          onRetry={() => window.location.reload()}
        />
      );
    }
    return this.props.children;
  }
}
