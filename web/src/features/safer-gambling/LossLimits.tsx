import { graphql, useFragment } from 'react-relay';
import type { LossLimits_safeGambling$key } from '../../__generated__/LossLimits_safeGambling.graphql';
import { CoolingOff, LimitsSection } from './LimitsSection';
import { MoneyLimitRows } from './MoneyLimitRow';

/**
 * "Loss limits": what a player may lose with real money (stakes less wins) per rolling day, week and month
 * (docs/rules.md#safer-gambling).
 */
export function LossLimits({ safeGambling }: { safeGambling: LossLimits_safeGambling$key }) {
  const { lossLimits } = useFragment(
    graphql`
      fragment LossLimits_safeGambling on SafeGambling {
        lossLimits {
          ...MoneyLimitRow_limits
        }
      }
    `,
    safeGambling,
  );
  return (
    <LimitsSection id="loss-limits" title="Loss limits">
      <p>
        A cap on what you can lose with real money (what you stake less what you win) in any rolling day, week
        or month. Bonus money does not count. Once you reach a limit, real-money games stop until it resets;
        demo play is always open.
      </p>
      <CoolingOff />
      <MoneyLimitRows kind="LOSS" limits={lossLimits} />
    </LimitsSection>
  );
}
