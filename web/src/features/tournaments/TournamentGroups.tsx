import * as Tabs from '@radix-ui/react-tabs';
import { useId, useState, type ReactNode } from 'react';
import listStyles from './TournamentList.module.css';
import styles from './TournamentGroups.module.css';
import { useMedia } from './useMedia';

/** How the page groups tournaments (docs/rules.md#tournament-stages, "Grouping"). */
export type TournamentGroup = 'running' | 'upcoming' | 'ended';

const GROUPS: { key: TournamentGroup; title: string; empty: string }[] = [
  { key: 'running', title: 'Running', empty: 'No tournament is running right now. See what is coming up.' },
  {
    key: 'upcoming',
    title: 'Upcoming',
    empty: 'Nothing is coming up yet. New tournaments are added every week.',
  },
  { key: 'ended', title: 'Ended', empty: 'No tournament has ended yet.' },
];

/**
 * Running (in play), Upcoming (not started, which covers Coming Up, Registering and a Running whose start has not
 * come) or Ended, from what the gateway says: the stage and whether play is on.
 */
export const groupOf = (t: { readonly stage: string; readonly inPlay: boolean }): TournamentGroup =>
  t.stage === 'ENDED' ? 'ended' : t.inPlay ? 'running' : 'upcoming';

/** The phone layout's width (the design's phone breakpoint, 600 px). */
const PHONE = '(max-width: 599px)';

/**
 * The tournaments in three groups, each in the order given: as three sections on a desktop, as three tabs on a
 * phone (so a phone is not one very long column). A tab opens on the first group that has any.
 */
export function TournamentGroups<
  N extends { readonly id: string; readonly stage: string; readonly inPlay: boolean },
>({
  nodes,
  renderItem,
}: {
  nodes: readonly N[];
  /** Draws one tournament; `headingLevel` is the level its name takes under the group. */
  renderItem: (node: N, index: number, headingLevel: 2 | 3) => ReactNode;
}) {
  const phone = useMedia(PHONE);
  const groups = GROUPS.map((g) => ({ ...g, nodes: nodes.filter((n) => groupOf(n) === g.key) }));
  const firstFull = groups.find((g) => g.nodes.length > 0)?.key ?? 'running';
  const [tab, setTab] = useState<TournamentGroup | null>(null);
  const baseId = useId();

  const list = (g: (typeof groups)[number], level: 2 | 3) =>
    g.nodes.length === 0 ? (
      <p className={styles.empty}>{g.empty}</p>
    ) : (
      <ul className={listStyles.list} aria-label={`${g.title} tournaments`}>
        {g.nodes.map((n, i) => (
          <li key={n.id}>{renderItem(n, i, level)}</li>
        ))}
      </ul>
    );

  if (phone) {
    return (
      <Tabs.Root value={tab ?? firstFull} onValueChange={(v) => setTab(v as TournamentGroup)}>
        <Tabs.List className={styles.tabs} aria-label="Tournaments by stage">
          {groups.map((g) => (
            <Tabs.Trigger key={g.key} value={g.key} className={styles.tab}>
              {g.title} <span className={styles.count}>{g.nodes.length}</span>
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {groups.map((g) => (
          <Tabs.Content key={g.key} value={g.key} className={styles.panel}>
            {list(g, 2)}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    );
  }
  return (
    <div className={styles.sections}>
      {groups.map((g) => (
        <section key={g.key} aria-labelledby={`${baseId}-${g.key}`}>
          <h2 id={`${baseId}-${g.key}`} className={styles.heading}>
            {g.title} <span className={styles.count}>{g.nodes.length}</span>
          </h2>
          {list(g, 3)}
        </section>
      ))}
    </div>
  );
}
