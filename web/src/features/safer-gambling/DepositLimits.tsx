import { graphql, useFragment } from 'react-relay';
import type { DepositLimits_safeGambling$key } from '../../__generated__/DepositLimits_safeGambling.graphql';
import { CoolingOff, LimitsSection } from './LimitsSection';
import { MoneyLimitRows } from './MoneyLimitRow';

/** "Deposit limits": what a player may deposit per rolling day, week and month (docs/rules.md#safer-gambling). */
export function DepositLimits({ safeGambling }: { safeGambling: DepositLimits_safeGambling$key }) {
  const { depositLimits } = useFragment(
    graphql`
      fragment DepositLimits_safeGambling on SafeGambling {
        depositLimits {
          ...MoneyLimitRow_limits
        }
      }
    `,
    safeGambling,
  );
  return (
    <LimitsSection id="deposit-limits" title="Deposit limits">
      <p>
        A cap on what you can deposit in any rolling day (24 hours), week (7 days) or month (30 days).
        Deposits still being paid count towards it; a deposit that failed does not. The cashier shows what you
        have left.
      </p>
      <CoolingOff />
      <MoneyLimitRows kind="DEPOSIT" limits={depositLimits} />
    </LimitsSection>
  );
}
