import { graphql, useLazyLoadQuery } from 'react-relay';
import type { SaferGamblingPageQuery } from '../../__generated__/SaferGamblingPageQuery.graphql';
import { Page } from '../../shared/page/Page';
import { Protected } from '../../shared/page/Protected';
import { ActivityStatement } from './ActivityStatement';
import { SelfExclusionSection } from './SelfExclusionSection';
import { TakeABreakSection } from './TakeABreakSection';

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
            realityCheckMinutes
            ...TakeABreakSection_safeGambling
          }
          ...SelfExclusionSection_viewer
        }
        ...ActivityStatement_query
      }
    `,
    {},
    { fetchPolicy: 'store-and-network' },
  );
  return (
    <Page
      title="Safer gambling"
      lead="Limits, breaks and a statement of your play. The casino holds you to each of them, on every device."
    >
      {/* The sections, each its own component and fragment, go here. */}
      {data.viewer?.safeGambling ? null : null}
      {data.viewer?.safeGambling && <TakeABreakSection safeGambling={data.viewer.safeGambling} />}
      {data.viewer && <SelfExclusionSection viewer={data.viewer} />}
      <ActivityStatement query={data} />
    </Page>
  );
}
