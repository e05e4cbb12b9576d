import { useOnline } from '../shared/offline/connection';
import { Spinner } from '../ui/Spinner';

/**
 * What shows for the moment before the root query's data arrives on the first visit: the logo and a spinner.
 * Offline, a page the site did not keep waits for the network: it says so, and opens by itself when the network is
 * back (docs/architecture.md#offline-and-flaky-data).
 */
export function AppLoading() {
  const online = useOnline();
  return (
    <div style={{ display: 'grid', placeItems: 'center', minHeight: '100dvh', gap: 'var(--space-3)' }}>
      <div
        style={{ display: 'grid', justifyItems: 'center', gap: 'var(--space-3)', padding: 'var(--space-5)' }}
      >
        <span style={{ fontSize: 'var(--font-size-xl)', fontWeight: 800 }}>
          Play<span style={{ color: 'var(--color-accent)' }}>Live</span>
        </span>
        <Spinner label="Loading PlayLive" />
        <p role="status" style={{ margin: 0, textAlign: 'center', color: 'var(--color-text-muted)' }}>
          {online ? null : "You're offline. This page opens when you're back online."}
        </p>
      </div>
    </div>
  );
}
