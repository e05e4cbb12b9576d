import { useCallback, useState } from 'react';
import { graphql } from 'react-relay';
import type { LoyaltyTierName, OpenChestMutation } from '../../__generated__/OpenChestMutation.graphql';
import { errorMessage } from '../../shared/error-message';
import { useMutation } from '../../shared/relay/useMutation';

export interface OpenedChest {
  tier: LoyaltyTierName;
  reward: string;
}

/**
 * Opens one chest of a tier (openLoyaltyChest). The result carries the loyalty and the wallet by id, so the modal,
 * the header's chest and the header's balance update from it. One opening at a time: a double click opens one.
 */
export function useOpenChest() {
  const [send, opening] = useMutation<OpenChestMutation>(graphql`
    mutation OpenChestMutation($input: OpenLoyaltyChestInput) {
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
      send({ input: { tier } }).then(
        (result) =>
          setOpened({ tier: result.openLoyaltyChest.tier, reward: result.openLoyaltyChest.reward.formatted }),
        (err: unknown) => setFailure(errorMessage(err, 'The chest could not be opened. Please try again.')),
      );
    },
    [send, opening],
  );
  return { open, opening, opened, failure };
}
