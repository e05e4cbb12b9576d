import { graphql, useLazyLoadQuery } from 'react-relay';
import type { SaferGamblingPageQuery } from '../../__generated__/SaferGamblingPageQuery.graphql';
import { Page } from '../../shared/page/Page';
import { Protected } from '../../shared/page/Protected';
import { ActivityStatement } from './ActivityStatement';
import { DepositLimits } from './DepositLimits';
import { LossLimits } from './LossLimits';
import { PlayTime } from './PlayTime';
import { RealityCheck } from './RealityCheck';
import { SelfExclusionSection } from './SelfExclusionSection';
import { TakeABreakSection } from './TakeABreakSection';
import { useSafeGamblingLive } from './useSafeGamblingLive';
import { useScrollToSection } from './useScrollToSection';
import { YourChanges } from './YourChanges';
import styles from './limits.module.css';

/*
 * /account/safer-gambling (docs/rules.md#safer-gambling): every tool a player has to keep their play in hand, each
 * in its own section: deposit and loss limits, play time, the reality check, a break, self-exclusion, the activity
 * statement and the changes they made. The casino enforces each; this page sets them and says what they do.
 */
export function Component() {
  return (
    <Protected>
      <SaferGamblingContent />
    </Protected>
  );
}

function SaferGamblingContent() {
  const data = useLazyLoadQuery<SaferGamblingPageQuery>(
    graphql`
      query SaferGamblingPageQuery {
        viewer {
          id
          safeGambling {
            ...DepositLimits_safeGambling
            ...LossLimits_safeGambling
            ...PlayTime_safeGambling
            ...RealityCheck_safeGambling
            ...TakeABreakSection_safeGambling
            ...YourChanges_safeGambling
          }
          ...SelfExclusionSection_viewer
        }
        ...ActivityStatement_query
      }
    `,
    {},
    { fetchPolicy: 'store-and-network' },
  );
  const tools = data.viewer?.safeGambling;
  useScrollToSection(tools != null);
  useSafeGamblingLive(tools != null);
  return (
    <Page
      title="Safer gambling"
      lead="Limits, breaks and a statement of your play. The casino holds you to each of them, on every device."
    >
      <SectionLinks />
      {/* The sections, each its own component and fragment, in the order docs/rules.md#safer-gambling names them. */}
      {!tools && (
        <p role="alert">
          We could not load your limits right now. Those you have set still hold; please reload the page to
          try again.
        </p>
      )}
      {tools && <DepositLimits safeGambling={tools} />}
      {tools && <LossLimits safeGambling={tools} />}
      {tools && <PlayTime safeGambling={tools} />}
      {tools && <RealityCheck safeGambling={tools} />}
      {tools && <TakeABreakSection safeGambling={tools} />}
      {data.viewer && <SelfExclusionSection viewer={data.viewer} />}
      <ActivityStatement query={data} />
      {tools && <YourChanges safeGambling={tools} />}
    </Page>
  );
}

/** The page's sections, in order, by their ids: a long page, so a player jumps straight to the tool they came for. */
const SECTIONS = [
  ['deposit-limits', 'Deposit limits'],
  ['loss-limits', 'Loss limits'],
  ['play-time', 'Play time'],
  ['reality-check', 'Reality check'],
  ['take-a-break', 'Take a break'],
  ['self-exclusion', 'Self-exclusion'],
  ['activity-statement', 'Activity statement'],
  ['your-changes', 'Your changes'],
] as const;

function SectionLinks() {
  return (
    <nav aria-label="On this page" className={styles.sectionLinks}>
      <ul>
        {SECTIONS.map(([id, title]) => (
          <li key={id}>
            <a href={`#${id}`}>{title}</a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
