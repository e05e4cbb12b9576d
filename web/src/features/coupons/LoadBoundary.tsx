import { Component, Suspense, type ReactNode } from 'react';
import { Button } from '../../ui/Button';
import { Spinner } from '../../ui/Spinner';
import styles from './coupons.module.css';

/** A modal's body while its data loads: the same height as a short answer, so the frame does not jump. */
export function ModalLoading({ label }: { label: string }) {
  return (
    <div className={styles.loading}>
      <Spinner label={label} />
      <span aria-hidden="true">{label}…</span>
    </div>
  );
}

interface Props {
  /** What failed to load, as the player reads it ("your coupons"). */
  what: string;
  onRetry: () => void;
  children: ReactNode;
}

/**
 * Loads a modal's data: the loader while it comes, and if it cannot be loaded, says so and offers to try again
 * (the modal stays open; nothing else on the page is affected).
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
      <Suspense fallback={<ModalLoading label={`Loading ${this.props.what}`} />}>
        {this.props.children}
      </Suspense>
    );
  }
}
