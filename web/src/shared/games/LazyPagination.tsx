import { useEffect, useRef, useState, type ReactNode } from 'react';
import { usePaginationFragment, type GraphQLTaggedNode } from 'react-relay';
import type { KeyType } from 'react-relay/relay-hooks/helpers';
import type { OperationType } from 'relay-runtime';

/** What a list's "Show more" needs: whether there is more, whether it is coming, and how to ask for it. */
export interface Paging {
  hasNext: boolean;
  isLoadingNext: boolean;
  loadNext: (count: number) => void;
}

/**
 * The pagination of a list of games whose items the list reads with `useFragment`: Relay's pagination hook
 * (about 45 hook states, a store subscription and a refetch query's bookkeeping, on each of home's three sections
 * and the catalogue's grid) is mounted when more is first asked for, not while the page hydrates
 * (docs/benchmarks.md#hydration-against-each-pages-floor). Until then `hasNext` is the connection's own
 * `pageInfo.hasNextPage`, as the hook reads it; once mounted (beside the list, so the list and its state stay as
 * they are), the hook loads the first page asked for and its state answers from then on. The list's items come
 * from the caller's `useFragment` of the same fragment, which the loaded games reach through the store.
 */
export function LazyPagination<TQuery extends OperationType, TKey extends KeyType>({
  fragment,
  fragmentRef,
  hasNext,
  children,
}: {
  fragment: GraphQLTaggedNode;
  fragmentRef: TKey;
  hasNext: boolean;
  children: (paging: Paging) => ReactNode;
}) {
  const [first, setFirst] = useState<number | null>(null);
  const [paging, setPaging] = useState<Paging | null>(null);
  return (
    <>
      {children(
        paging ??
          // Asked for, and the hook not yet loading: it is on its way all the same.
          (first === null
            ? { hasNext, isLoadingNext: false, loadNext: setFirst }
            : { hasNext, isLoadingNext: true, loadNext: () => {} }),
      )}
      {first !== null && (
        <Paginator<TQuery, TKey>
          fragment={fragment}
          fragmentRef={fragmentRef}
          first={first}
          onChange={setPaging}
        />
      )}
    </>
  );
}

function Paginator<TQuery extends OperationType, TKey extends KeyType>({
  fragment,
  fragmentRef,
  first,
  onChange,
}: {
  fragment: GraphQLTaggedNode;
  fragmentRef: TKey;
  first: number;
  onChange: (paging: Paging) => void;
}) {
  const { hasNext, isLoadingNext, loadNext } = usePaginationFragment<TQuery, TKey>(fragment, fragmentRef);
  // Once, for the press that mounted it: later presses call loadNext themselves.
  useEffect(() => {
    loadNext(first);
  }, []);
  // The hook's state from its first change on (the load started above): before it, the list shows it loading.
  const started = useRef(false);
  useEffect(() => {
    if (!started.current) {
      started.current = true;
      return;
    }
    onChange({ hasNext, isLoadingNext, loadNext: (count) => void loadNext(count) });
  }, [hasNext, isLoadingNext, loadNext, onChange]);
  return null;
}
