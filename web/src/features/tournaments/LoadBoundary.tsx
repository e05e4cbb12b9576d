import { Component, type ReactNode } from 'react';
import { Button } from '../../ui/Button';
import styles from './TournamentList.module.css';

/** Catches a load that failed below it: says so and offers to try again (which renders the children anew). */
export class LoadBoundary extends Component<
  { what: string; onRetry: () => void; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.warn(`Loading ${this.props.what} failed`, error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className={styles.notice} role="alert">
        <p>We could not load {this.props.what} right now.</p>
        <Button
          variant="ghost"
          onClick={() => {
            this.props.onRetry();
            this.setState({ failed: false });
          }}
        >
          Try again
        </Button>
      </div>
    );
  }
}
