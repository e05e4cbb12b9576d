import type { Resolvers } from '../__generated__/resolvers-types.js';

/*
 * The backend's spelling of each schema enum value (the types are in models.ts, mapped by the code generator):
 * resolvers return and receive the backend's values, and GraphQL turns them into the schema's names and back.
 */
export const enumResolvers: Resolvers = {
  LoyaltyTierName: { BRONZE: 'bronze', SILVER: 'silver', GOLD: 'gold', PLATINUM: 'platinum', BLACK: 'black' },
  Platform: { DESKTOP: 'desktop', MOBILE: 'mobile' },
  NotificationType: {
    ALLOCATION: 'allocation',
    BONUS_TRANSFER_OPT_OUT: 'bonus_transfer_opt_out',
    BONUS_WAGERING_COMPLETED: 'bonus_wagering_completed',
    CASHBACK: 'cashback',
    CASH_DROP_FRIDAY: 'cash_drop_friday',
    CREATED_BY_USER: 'created_by_user',
    JACKPOT_WIN: 'jackpot_win',
    LOYALTY_CHEST_UNLOCKED: 'loyalty_chest_unlocked',
    LOYALTY_ALLOCATION: 'loyalty_allocation',
    LOYALTY_TIER_UNLOCKED: 'loyalty_tier_unlocked',
    TOURNAMENT_PRIZE: 'tournament_prize',
    TOURNAMENT_LEADERBOARD_PRIZE: 'tournament_leaderboard_prize',
    WELCOME_MESSAGE: 'welcome_message',
    WITHDRAWAL_ROLLBACK: 'withdrawal_rollback',
    WITHDRAWAL_SUCCESS: 'withdrawal_success',
    OTHER: 'other',
  },
  NotificationStatus: { SENT: 'sent', PENDING: 'pending', FAILED: 'failed', OTHER: 'other' },
  PaymentGateway: {
    PAYMENT3: 'payment3',
    PAYMENT3_ABSA: 'payment3Absa',
    VOUCHER_UP: 'voucherUp',
    CAPITEC: 'capitec',
    DISCOVERY_BANK: 'discoveryBank',
    EFT: 'eft',
    CREDIT_CARD: 'creditCard',
    BITCOIN: 'bitcoin',
  },
  PaymentType: { EFT: 'eft', CREDIT_CARD: 'credit_card', CRYPTO: 'crypto' },
  PaymentProvider: { CALLPAY: 'callpay', PAYMENT3: 'payment3', VOUCHERUP: 'voucherup', PAYPUMP: 'paypump' },
  DepositState: { PENDING: 'pending', COMPLETE: 'complete', FAILED: 'failed' },
  TransactionWallet: { MONEY: 'money', BONUS: 'bonus' },
  TransactionType: {
    DEPOSIT: 'deposit',
    WITHDRAWAL: 'withdrawal',
    BET: 'bet',
    WIN: 'win',
    BONUS: 'bonus',
    BONUS_FORFEIT: 'bonus_forfeit',
    BONUS_RELEASE: 'bonus_release',
    BUY_IN: 'buy_in',
    CHEST_REWARD: 'chest_reward',
    COUPON: 'coupon',
    CREDIT: 'credit',
    OTHER: 'other',
  },
  BannerSection: { HOME: 'home', PROMOTIONS: 'promotions', WEBPLAY: 'webplay', TOURNAMENTS: 'tournaments' },
  PromotionPageKey: {
    PUMPKIN_PATCH: 'pumpkin_patch',
    STOCKING_STASH: 'stocking_stash',
    EASTER_PROMO: 'easter_promo',
    PREDICT_AND_WIN: 'predict_and_win',
  },
};
