import { Component, Suspense, type ReactNode } from 'react';
import { Button } from './Button';
import styles from './LoadBoundary.module.css';
import { Spinner } from './Spinner';

/** What shows while a modal's or a part's data loads: a box of fixed height, so nothing jumps when it arrives. */
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
  /** Load again (the caller gives the query below a new fetch key). */
  onRetry: () => void;
  /** The height the loaded content will roughly have, so the modal does not jump when it arrives. */
  height?: string;
  /** What shows while the data comes; the loader by default. */
  fallback?: ReactNode;
  children: ReactNode;
}

/**
 * A modal's or a part's data: the loader while it comes, and if it cannot be loaded, a message that says so and a
 * retry. The modal stays open and the rest of the page is untouched.
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
    const fallback = this.props.fallback ?? (
      <Loading label={`Loading ${this.props.what}`} height={this.props.height} />
    );
    return <Suspense fallback={fallback}>{this.props.children}</Suspense>;
  }
}
