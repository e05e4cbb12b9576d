import { Component, Suspense, type ReactNode } from 'react';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import styles from './cashier.module.css';

/** What shows while the cashier's data loads: a box of fixed height, so the modal does not jump when it arrives. */
export function Loading({ label, height }: { label: string; height?: string | undefined }) {
  return (
    <div className={styles.loading} style={height ? { minHeight: height } : undefined}>
      <Spinner label={label} />
      <span aria-hidden="true">{label}…</span>
    </div>
  );
}

interface Props {
  /** What failed to load, as the player reads it ("your wallet"). */
  what: string;
  /** The height the loaded content will roughly have, so the modal does not jump when it arrives. */
  height?: string;
  /** Load again (a new fetch key for the query below). */
  onRetry: () => void;
  children: ReactNode;
}

/**
 * The cashier's data while it loads, and if it cannot be loaded, a message that says so and a retry; the modal
 * stays open and the rest of the page is untouched.
 */
export class LoadBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  private retry = () => {
    this.setState({ failed: false });
    this.props.onRetry();
  };

  override render() {
    if (this.state.failed) {
      return (
        <div className={styles.failed}>
          <p role="alert">We could not load {this.props.what}. Check your connection and try again.</p>
          <Button onClick={this.retry}>Try again</Button>
        </div>
      );
    }
    return (
      <Suspense fallback={<Loading label={`Loading ${this.props.what}`} height={this.props.height} />}>
        {this.props.children}
      </Suspense>
    );
  }
}
