import { Suspense, useEffect, useRef, useState } from 'react';
import { graphql, useLazyLoadQuery } from 'react-relay';
import type { TournamentsModalDetailQuery } from '../../__generated__/TournamentsModalDetailQuery.graphql';
import type { TournamentsModalQuery } from '../../__generated__/TournamentsModalQuery.graphql';
import { Modal } from '../../shared/modals/Modal';
import { Spinner } from '../../ui/Spinner';
import { DETAIL_ROWS } from './Leaderboard';
import { LoadBoundary } from '../../ui/LoadBoundary';
import { TournamentCard } from './TournamentCard';
import { TournamentList } from './TournamentList';
import { TournamentRow } from './TournamentRow';
import styles from './TournamentsModal.module.css';
import { useRetry } from '../../shared/relay/useRetry';
import type { ModalProps } from '../../shared/modals/registry';

const ListQuery = graphql`
  query TournamentsModalQuery {
    tournaments(first: 20) {
      totalCount
      edges {
        node {
          id
          tournamentId
          ...TournamentRow_tournament
        }
      }
    }
  }
`;

const NO_VARIABLES = {};

/**
 * The tournaments modal: the list (each with its stage and countdown), and one tournament in full with the top 10
 * of its leaderboard, live. `params.tournament` (its id, or the backend's number) opens that one directly.
 */
export default function TournamentsModal({ params }: Pick<ModalProps<'tournaments'>, 'params'>) {
  const [fetchKey, setFetchKey] = useState(0);
  const [selected, setSelected] = useState<string | null>(params.tournament ?? null);
  return (
    <Modal title="Tournaments">
      <LoadBoundary what="the tournaments" onRetry={() => setFetchKey((k) => k + 1)}>
        <Suspense fallback={<Loading />}>
          <Tournaments fetchKey={fetchKey} selected={selected} onSelect={setSelected} />
        </Suspense>
      </LoadBoundary>
    </Modal>
  );
}

function Loading() {
  return (
    <div className={styles.loading}>
      <Spinner label="Loading the tournaments" />
    </div>
  );
}

function Tournaments({
  fetchKey,
  selected,
  onSelect,
}: {
  fetchKey: number;
  selected: string | null;
  onSelect: (id: string | null) => void;
}) {
  // Stages and leaderboards move: show what the store has at once, and read them anew each time it opens.
  const data = useLazyLoadQuery<TournamentsModalQuery>(ListQuery, NO_VARIABLES, {
    fetchPolicy: fetchKey > 0 ? 'network-only' : 'store-and-network',
    fetchKey,
  });
  const { retry, retrying } = useRetry(ListQuery, NO_VARIABLES);
  const opened = useRef<string | null>(null);
  const listBox = useRef<HTMLDivElement>(null);
  const match = selected
    ? data.tournaments?.edges.find((e) => e.node.id === selected || String(e.node.tournamentId) === selected)
    : undefined;

  // Coming back from one tournament, the keyboard's place is its row again.
  useEffect(() => {
    if (match || !opened.current) return;
    listBox.current
      ?.querySelector<HTMLElement>(`[data-tournament="${CSS.escape(opened.current)}"] button`)
      ?.focus();
  }, [match]);

  if (match) {
    return <Detail id={match.node.id} onBack={() => onSelect(null)} />;
  }
  return (
    <div ref={listBox}>
      {selected && data.tournaments && (
        <p className={styles.missing} role="status">
          That tournament is not on the list any more.
        </p>
      )}
      <TournamentList
        tournaments={data.tournaments}
        label="Tournaments"
        retry={retry}
        retrying={retrying}
        renderItem={(node) => (
          <div data-tournament={node.id}>
            <TournamentRow
              tournament={node}
              onOpen={() => {
                opened.current = node.id;
                onSelect(node.id);
              }}
            />
          </div>
        )}
      />
    </div>
  );
}

/** One tournament in full, live, with the way back to the list (which takes the focus on the way in). */
function Detail({ id, onBack }: { id: string; onBack: () => void }) {
  const back = useRef<HTMLButtonElement>(null);
  useEffect(() => back.current?.focus(), []);
  return (
    <div className={styles.detail}>
      <button ref={back} type="button" className={styles.back} onClick={onBack}>
        <span aria-hidden="true">‹ </span>All tournaments
      </button>
      <Suspense fallback={<Loading />}>
        <DetailCard id={id} />
      </Suspense>
    </div>
  );
}

function DetailCard({ id }: { id: string }) {
  const data = useLazyLoadQuery<TournamentsModalDetailQuery>(
    graphql`
      query TournamentsModalDetailQuery($id: ID!) {
        tournament(id: $id) {
          ...TournamentCard_tournament
          ...Leaderboard_tournament @arguments(rows: 10)
        }
      }
    `,
    { id },
    { fetchPolicy: 'store-and-network' },
  );
  if (!data.tournament) {
    return <p className={styles.missing}>This tournament is not available any more.</p>;
  }
  return <TournamentCard tournament={data.tournament} rows={DETAIL_ROWS} headingLevel={3} watch compact />;
}
