import { Component, type ReactNode } from 'react';
import { Button } from '../../ui/Button';

/**
 * Catches a modal's failed load and says so, with a retry that loads again (the caller bumps its fetch key).
 * Used by the loyalty and notifications modals.
 */
export class RetryBoundary extends Component<
  { message: string; onRetry: () => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert">
        <p>{this.props.message}</p>
        <Button
          onClick={() => {
            this.setState({ failed: false });
            this.props.onRetry();
          }}
        >
          Try again
        </Button>
      </div>
    );
  }
}
