import { Spinner } from '../ui/Spinner';

/** What shows for the moment before the root query's data arrives on the first visit: the logo and a spinner. */
export function AppLoading() {
  return (
    <div style={{ display: 'grid', placeItems: 'center', minHeight: '100dvh', gap: 'var(--space-3)' }}>
      <div style={{ display: 'grid', justifyItems: 'center', gap: 'var(--space-3)' }}>
        <span style={{ fontSize: 'var(--font-size-xl)', fontWeight: 800 }}>
          Play<span style={{ color: 'var(--color-accent)' }}>Live</span>
        </span>
        <Spinner label="Loading PlayLive" />
      </div>
    </div>
  );
}
