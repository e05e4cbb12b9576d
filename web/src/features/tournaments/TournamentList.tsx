import type { ReactNode } from 'react';
import { Button } from '../../ui/Button';
import styles from './TournamentList.module.css';

/**
 * The tournaments as a list, each drawn by `renderItem`, with the list's failed and empty states. A list the
 * casino did not respond (the gateway gives null) says so and offers to try again rather than looking empty.
 */
export function TournamentList<N extends { readonly id: string }>({
  tournaments,
  label,
  retry,
  retrying,
  renderItem,
  renderAll,
}: {
  tournaments:
    { readonly totalCount: number; readonly edges: readonly { readonly node: N }[] } | null | undefined;
  label: string;
  retry: () => void;
  retrying: boolean;
  /** Draws one tournament of the plain list. */
  renderItem?: (node: N, index: number) => ReactNode;
  /** Draws them all instead (the page's groups); the failed, empty and "not shown" states stay this list's. */
  renderAll?: (nodes: readonly N[]) => ReactNode;
}) {
  if (!tournaments) {
    return (
      <div className={styles.notice} role="alert">
        <p>We could not load the tournaments right now.</p>
        <Button variant="ghost" onClick={retry} disabled={retrying}>
          {retrying ? 'Trying again…' : 'Try again'}
        </Button>
      </div>
    );
  }
  if (tournaments.edges.length === 0) {
    return (
      <div className={styles.notice} role="status">
        <p>There are no tournaments right now. New ones are added every week: check back soon.</p>
      </div>
    );
  }
  const hidden = tournaments.totalCount - tournaments.edges.length;
  return (
    <>
      {renderAll ? (
        renderAll(tournaments.edges.map((edge) => edge.node))
      ) : (
        <ul className={styles.list} aria-label={label}>
          {tournaments.edges.map((edge, i) => (
            <li key={edge.node.id}>{renderItem?.(edge.node, i)}</li>
          ))}
        </ul>
      )}
      {hidden > 0 && (
        <p className={styles.more}>
          Showing the {tournaments.edges.length} tournaments open or coming soonest; {hidden} older{' '}
          {hidden === 1 ? 'one is' : 'ones are'} not shown.
        </p>
      )}
    </>
  );
}
