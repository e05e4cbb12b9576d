import { useCallback, useState } from 'react';
import { graphql, useMutation } from 'react-relay';
import type { LoyaltyTierName, useOpenChestMutation } from '../../__generated__/useOpenChestMutation.graphql';
import { errorMessage } from '../live/error-message';

export interface OpenedChest {
  tier: LoyaltyTierName;
  reward: string;
}

/**
 * Opens one chest of a tier (openLoyaltyChest). The answer carries the loyalty and the wallet by id, so the modal,
 * the header's chest and the header's balance update from it. One opening at a time: a double click opens one.
 */
export function useOpenChest() {
  const [commit, opening] = useMutation<useOpenChestMutation>(graphql`
    mutation useOpenChestMutation($input: OpenLoyaltyChestInput) {
      openLoyaltyChest(input: $input) {
        reward {
          formatted
        }
        tier
        loyalty {
          id
          ...LoyaltyChests_loyalty
          ...LoyaltyIcon_loyalty
        }
        wallet {
          ...WalletFields_wallet
        }
      }
    }
  `);
  const [opened, setOpened] = useState<OpenedChest | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const open = useCallback(
    (tier: LoyaltyTierName) => {
      if (opening) return;
      setFailure(null);
      commit({
        variables: { input: { tier } },
        onCompleted: (answer) =>
          setOpened({ tier: answer.openLoyaltyChest.tier, reward: answer.openLoyaltyChest.reward.formatted }),
        onError: (err) => setFailure(errorMessage(err, 'The chest could not be opened. Please try again.')),
      });
    },
    [commit, opening],
  );
  return { open, opening, opened, failure };
}
