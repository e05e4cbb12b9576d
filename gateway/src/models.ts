/**
 * What resolvers receive as parents: the upstream responses, validated and normalised once at the edge
 * (upstream/*.ts). Money is integer cents; instants are Date. `__typename` lets Node resolve its type.
 *
 * gateway/scripts/codegen.ts maps each schema type with a model here to it, and each schema enum whose values the
 * backend spells otherwise to the union type here (resolvers/enums.ts gives the runtime values); every other type
 * is the schema's own, so a resolver that leaves a non-null field out fails the typecheck.
 */

// ---------------------------------------------------------------------------------------------------------------
// Enums as the backend spells them

export type TierName = 'bronze' | 'silver' | 'gold' | 'platinum' | 'black';
export type PlatformName = 'desktop' | 'mobile';
/** The notification types of docs/rules.md#notifications; a type the schema does not know is 'other'. */
export type NotificationTypeName =
  | 'allocation'
  | 'bonus_transfer_opt_out'
  | 'bonus_wagering_completed'
  | 'cashback'
  | 'cash_drop_friday'
  | 'created_by_user'
  | 'deposit_refunded'
  | 'jackpot_win'
  | 'loyalty_chest_unlocked'
  | 'loyalty_allocation'
  | 'loyalty_tier_unlocked'
  | 'tournament_prize'
  | 'tournament_leaderboard_prize'
  | 'welcome_message'
  | 'withdrawal_rollback'
  | 'withdrawal_success'
  | 'other';
export type NotificationStatusName = 'sent' | 'pending' | 'failed' | 'other';
export type WalletGateway =
  'payment3' | 'payment3Absa' | 'voucherUp' | 'capitec' | 'discoveryBank' | 'eft' | 'creditCard' | 'bitcoin';
export type PaymentTypeName = 'eft' | 'credit_card' | 'crypto';
export type PaymentProviderName = 'callpay' | 'payment3' | 'voucherup' | 'paypump';
export type DepositStateName = 'pending' | 'complete' | 'failed' | 'refunded';
/** Why a deposit failed: cancelled on the payment page, or not paid within the casino's payment window. */
export type DepositFailureReasonName = 'cancelled' | 'expired';
export type LedgerWallet = 'money' | 'bonus';
export type LedgerKind =
  | 'deposit'
  | 'withdrawal'
  | 'bet'
  | 'win'
  | 'bonus'
  | 'bonus_forfeit'
  | 'bonus_release'
  | 'buy_in'
  | 'chest_reward'
  | 'coupon'
  | 'credit'
  | 'other';
export type BannerSectionName = 'home' | 'promotions' | 'webplay' | 'tournaments';
export type PromotionPageKeyName = 'pumpkin_patch' | 'stocking_stash' | 'easter_promo' | 'predict_and_win';
/** Safer gambling (docs/rules.md#safer-gambling): a limit's period, also an activity statement's. */
export type LimitPeriodName = 'day' | 'week' | 'month';
export type MoneyLimitKindName = 'deposit' | 'loss';
export type BreakLengthName = '24h' | '7d' | '6w';
export type ExclusionLengthName = '6m' | '1y' | '5y';
export type RestrictionKindName = 'break' | 'self_exclusion';
export type SafeGamblingEventReasonName = 'limit_reached' | 'changed';

// ---------------------------------------------------------------------------------------------------------------
// Objects

export interface MoneyModel {
  cents: number;
}

export interface GameModel {
  __typename: 'Game';
  id: number;
  name: string;
  code: string;
  /** The backend's game_url; null when it gives none. */
  url: string | null;
  product: string;
  category: string;
  platforms: PlatformName[];
  isBonusPlay: boolean;
  isFreebet: boolean;
  themes: string[];
  features: string[];
  paylines: number | null;
  subGroups: { id: string; name: string }[];
  image: string | null;
  rtp: number | null;
  createdAt: Date;
}

export interface GameProviderModel {
  __typename: 'GameProvider';
  product: string;
  shortname: string;
  name: string;
  description: string | null;
  gamesCount: number;
}

export interface AccountModel {
  __typename: 'Account';
  id: number;
  name: string;
  email: string;
  phone: string | null;
  emailVerifiedAt: Date | null;
  welcomePackageExpired: boolean;
  createdAt: Date | null;
  /** Whether the player has seen the onboarding; null when the backend does not say. */
  onboardingSeen: boolean | null;
  /** The identity number as the casino shows it, masked ('800101*******'); null for an account without one. */
  idNumberMasked: string | null;
  identityKind: IdentityKindName | null;
  /** A passport's issuing country (ISO 3166 alpha-2); null for an ID number. */
  passportCountry: string | null;
}

/** The casino's spellings of the schema's IdentityKind (resolvers/enums.ts). */
export type IdentityKindName = 'sa_id' | 'passport';

// FICA verification (docs/rules.md#know-your-player), in the casino's spellings (resolvers/enums.ts).
export type VerificationStatusName = 'unverified' | 'pending' | 'verified' | 'rejected';
export type VerificationDocumentKindName = 'identity' | 'proof_of_address' | 'bank_statement';
export type VerificationDocumentStatusName =
  'awaiting_upload' | 'uploaded' | 'in_review' | 'accepted' | 'rejected';

/** One document the player uploaded (never the file: the gateway never holds one). */
export interface VerificationDocumentModel {
  __typename: 'VerificationDocument';
  /** The casino's id of the document, inside the global ID. */
  documentId: string;
  kind: VerificationDocumentKindName;
  status: VerificationDocumentStatusName;
  rejectionReason: string | null;
  contentType: string;
  size: number;
  uploadedAt: Date | null;
}

/** The player's verification as the casino keeps it (GET /api/verification). */
export interface VerificationModel {
  __typename: 'Verification';
  status: VerificationStatusName;
  /** Newest first. */
  documents: VerificationDocumentModel[];
  missing: VerificationDocumentKindName[];
  submittedAt: Date | null;
  decidedAt: Date | null;
  reason: string | null;
  reviewTime: string;
  maxFileBytes: number;
  contentTypes: string[];
}

/** The viewer is the signed-in player; its parts load lazily through the request's loaders. */
export interface ViewerModel {
  __typename: 'Viewer';
  userId: number;
}

export interface WalletModel {
  __typename: 'Wallet';
  userId: number;
  moneyCents: number;
  bonusCents: number;
  canWithdraw: boolean;
  depositBonusPercentage: number;
  depositWagerPercentage: number;
  /** The backend's payment-method flags, by name (is_capitec_enabled, ...). */
  flags: Record<string, boolean>;
  capitecName: string;
  /** The backend's deposit and withdrawal limits in cents; null when it gives none. */
  limits: { depositMin: number; depositMax: number; withdrawalMin: number; withdrawalMax: number } | null;
  /** Why withdrawals are closed (the schema's WithdrawLock); null while open or when the backend does not say. */
  withdrawLock: WithdrawLockName | null;
  /** The active bonus's wagering in cents; null when none is active. */
  bonusWagering: {
    code: string;
    bonusCents: number;
    requiredCents: number;
    wageredCents: number;
    remainingCents: number;
  } | null;
  welcomePackage: {
    available: boolean;
    unavailableReason: NoBonusReasonName | null;
    bonusPercentage: number;
    wagerMultiplier: number;
    maxBonusCents: number;
  } | null;
  /** The casino's names for the payment methods, by gateway (payment_method_names). */
  methodNames: Partial<Record<WalletGateway, string>>;
}

export type WithdrawLockName = 'EMAIL_UNVERIFIED' | 'VERIFICATION_REQUIRED' | 'BONUS_WAGERING' | 'OTHER';
export type NoBonusReasonName = 'PACKAGE_OFF' | 'PACKAGE_USED' | 'BONUS_ACTIVE' | 'DECLINED' | 'OTHER';

export interface LoyaltyModel {
  __typename: 'Loyalty';
  userId: number;
  status: string;
  /** Chests ready, as the backend counts them. */
  balance: number;
  /** 0..1 toward the next diamond. */
  progress: number;
  currentTier: TierName;
  tiers: { tier: TierName; diamonds: number; used: number }[];
}

export interface CouponModel {
  /** The owner, for the coupon's id (a code is redeemed by many players). */
  userId: number;
  code: string;
  description: string | null;
  bonusCents: number;
  wageringRequiredCents: number;
  wageredCents: number;
  redeemedAt: Date | null;
  /** The backend's activeWagering flag, when the response carried it. */
  activeWagering: boolean | null;
}

export interface WageringModel {
  __typename: 'Wagering';
  userId: number;
  active: boolean;
  code: string | null;
  bonusCents: number | null;
  bonusBalanceCents: number | null;
  requiredCents: number | null;
  wageredCents: number | null;
  remainingCents: number | null;
  /** 0..1 */
  progress: number;
  wallets: { gateway: string; balanceCents: number }[];
}

export interface NotificationModel {
  __typename: 'Notification';
  id: number;
  subject: string;
  message: string;
  type: NotificationTypeName;
  status: NotificationStatusName;
  readAt: Date | null;
  createdAt: Date;
}

export interface TournamentEntryModel {
  tournamentId: number;
  /** The casino's opaque id of the entry (entry_id): what TournamentEntry.id is made of, never the user id. */
  entryId: string;
  /** Only to tell the viewer's own entry (isViewer); never shown. */
  userId: number;
  name: string;
  position: number;
  points: number;
  timePlayed: number;
  startedAt: Date | null;
  /** The signed-in player's id, to resolve isViewer; null for guests. */
  viewerId: number | null;
}

export interface TournamentModel {
  __typename: 'Tournament';
  id: number;
  name: string;
  description: string | null;
  image: string | null;
  registrationStart: Date;
  registrationEnd: Date;
  startsAt: Date;
  endsAt: Date;
  /** Null for a free tournament (the backend sends 0 or nothing). */
  buyInCents: number | null;
  buyInDurationMinutes: number | null;
  prizePoolCents: number | null;
  /** The games whose spins score; empty when every game does (the backend's game_ids). */
  gameIds: number[];
  /** The smallest stake per spin that scores; null without a minimum (the backend sends null, 0 or nothing). */
  minStakeCents: number | null;
  usersCount: number;
  entries: TournamentEntryModel[];
  joined: boolean;
  myEntry: TournamentEntryModel | null;
}

export interface PromotionModel {
  __typename: 'Promotion';
  id: number;
  title: string;
  description: string | null;
  image: string | null;
  url: string | null;
  terms: string | null;
  forSignedInOnly: boolean;
  isNew: boolean;
  createdAt: Date | null;
  /** The coupon it advertises, with the casino's terms (docs/rules.md#promotions-and-banners). */
  coupon: CouponOfferTerms | null;
  /** Whether it is the welcome package's promotion (its terms are Query.welcomeOffer's). */
  isWelcomeOffer: boolean;
}

/** A coupon's terms as the casino states them wherever it is offered. */
export interface CouponOfferTerms {
  code: string;
  description: string | null;
  bonusCents: number;
  wagerMultiplier: number;
  wageringRequiredCents: number;
  expiresAt: Date | null;
}

export interface PromotionBannerModel {
  __typename: 'PromotionBanner';
  id: number;
  title: string | null;
  url: string | null;
  image: string;
  imageMobile: string;
  exclude: BannerSectionName[];
}

export interface NewsArticleModel {
  __typename: 'NewsArticle';
  id: number;
  slug: string;
  title: string;
  category: string;
  excerpt: string | null;
  body: string | null;
  image: string | null;
  publishedAt: Date;
}

export interface WinModel {
  /** The backend's id of the win, or one made from its fields when it gives none. */
  id: string;
  gameId: number;
  playerName: string;
  amountCents: number;
  createdAt: Date;
}

export interface DepositStatusModel {
  __typename: 'DepositStatus';
  paymentId: string;
  status: DepositStateName;
  amountCents: number;
  type: PaymentTypeName;
  provider: PaymentProviderName;
  /** The welcome bonus it credited and that bonus's wagering, in cents; null when the backend does not say. */
  bonusCents: number | null;
  wageringRequiredCents: number | null;
  /** Why a failed deposit failed; null otherwise, or when the backend does not say. */
  failureReason: DepositFailureReasonName | null;
}

/** Where a movement stands (docs/rules.md#transactions): a deposit's or a withdrawal's status, else complete. */
export type TransactionStatusName =
  'complete' | 'pending' | 'approved' | 'paid' | 'reversed' | 'failed' | 'refunded' | 'other';
export type WithdrawalStatusName = 'pending' | 'approved' | 'paid' | 'reversed' | 'failed';
export type BankAccountTypeName = 'cheque' | 'savings' | 'transmission';

export interface BankModel {
  code: string;
  name: string;
}

/** The player's payout account: its number only ever masked. */
export interface PayoutAccountModel {
  __typename: 'PayoutAccount';
  userId: number;
  bank: BankModel;
  holder: string;
  maskedNumber: string;
  last4: string;
  accountType: BankAccountTypeName;
  verified: boolean;
  updatedAt: Date;
}

export interface WithdrawalStepModel {
  status: WithdrawalStatusName;
  reason: string | null;
  at: Date;
}

export interface WithdrawalModel {
  __typename: 'Withdrawal';
  withdrawalId: string;
  reference: string;
  amountCents: number;
  status: WithdrawalStatusName;
  reason: string | null;
  canCancel: boolean;
  payoutAccount: { bank: BankModel; holder: string; maskedNumber: string } | null;
  history: WithdrawalStepModel[];
  requestedAt: Date;
  updatedAt: Date;
}

export interface TransactionModel {
  /** A ledger row's number, or the backend's text id of a deposit that has not credited ("deposit:pay_…"). */
  id: number | string;
  wallet: LedgerWallet;
  type: LedgerKind;
  amountCents: number;
  balanceAfterCents: number | null;
  reference: string | null;
  /** The game of a bet or a win (the backend's numeric id); null for other movements. */
  gameId: number | null;
  createdAt: Date;
  status: TransactionStatusName;
  supportReference: string | null;
  /** A deposit's gateway (its payment method); null for other movements. */
  gateway: WalletGateway | null;
  /** A withdrawal's account (both its debit and its refund); null for other movements. */
  bankAccount: { bankName: string; maskedNumber: string } | null;
}

/** One page of the ledger as the backend pages it. */
export interface TransactionPage {
  transactions: TransactionModel[];
  total: number;
}

export interface SiteModel {
  loyaltyEnabled: boolean;
  welcomePackageEnabled: boolean;
  wageringEnabled: boolean;
  promoPages: { pumpkinPatch: boolean; stockingStash: boolean; easterPromo: boolean; predictAndWin: boolean };
  promotionPages: PromotionPageModel[];
  alternateRoutes: boolean;
  singleSignOn: { enabled: boolean; loginUrl: string | null; signupUrl: string | null };
  liveChat: { enabled: boolean; scriptUrl: string | null; licenseId: string | null };
  supportEmail: string | null;
  supportPhone: string | null;
  maintenance: { enabled: boolean; message: string | null };
  timeZone: string;
  capitecName: string;
  appVersion: string | null;
  terms: { version: string; text: string; updatedAt: Date | null } | null;
  tagManagerId: string | null;
  tagManagerUrl: string | null;
  errorReporter: { dsn: string; sampleRate: number } | null;
}

export interface PromotionPageModel {
  key: PromotionPageKeyName;
  path: string;
  enabled: boolean;
  requiresSignIn: boolean;
  keepsRouteAfterSignIn: boolean;
  title: string | null;
  intro: string | null;
  body: string | null;
  image: string | null;
  terms: string | null;
}

// ---------------------------------------------------------------------------------------------------------------
// Mutation payloads: what the mutation itself returns; the other fields are read after the write by their own
// resolvers (so a failed read nulls only that field).

export interface Payload {
  clientMutationId: string | null;
}
export interface AuthPayloadModel extends Payload {
  token: string;
  /** The root, read as the new session. */
  query: Record<PropertyKey, never>;
}
export interface LaunchGamePayloadModel extends Payload {
  url: string;
  game: GameModel;
  tournamentId: number | null;
}
export interface ToggleFavouritePayloadModel extends Payload {
  game: GameModel;
  isFavourite: boolean;
}
export interface WithdrawPayloadModel extends Payload {
  withdrawalId: string;
  amount: MoneyModel;
  status: string;
  withdrawal: WithdrawalModel | null;
}
export interface SetPayoutAccountPayloadModel extends Payload {
  payoutAccount: PayoutAccountModel;
  viewer: ViewerModel;
}
export interface CancelWithdrawalPayloadModel extends Payload {
  withdrawal: WithdrawalModel;
}
export interface RedeemCouponPayloadModel extends Payload {
  coupon: CouponModel;
}
export interface OptOutCouponPayloadModel extends Payload {
  message: string;
}
export interface OptOutBonusPayloadModel extends Payload {
  wagering: WageringModel;
}
export interface OpenLoyaltyChestPayloadModel extends Payload {
  reward: MoneyModel;
  tier: TierName;
  loyalty: LoyaltyModel;
}
export interface JoinTournamentPayloadModel extends Payload {
  tournament: TournamentModel;
}
export type MarkNotificationsReadPayloadModel = Payload;

// ---------------------------------------------------------------------------------------------------------------
// Live events

/** The events on the signed-in player's live channel, as the subscription delivers them. */
export interface LoyaltyProgressEventModel {
  __typename: 'LoyaltyProgressEvent';
  name: string;
  /** 0..1 toward the next diamond. */
  progress: number;
  newDiamond: boolean;
  newChest: boolean;
  /** Refetched only when a diamond or chest is new. */
  loyalty: LoyaltyModel | null;
}
export interface NotificationEventModel {
  __typename: 'NotificationEvent';
  name: string;
  notification: NotificationModel;
  unreadCount: number;
}
export interface WalletEventModel {
  __typename: 'WalletEvent';
  name: string;
  wallet: WalletModel;
}
export interface WithdrawalEventModel {
  __typename: 'WithdrawalEvent';
  name: string;
  withdrawal: WithdrawalModel;
}
export interface DepositEventModel {
  __typename: 'DepositEvent';
  name: string;
  depositStatus: DepositStatusModel;
}
export interface ViewerSnapshotEventModel {
  __typename: 'ViewerSnapshotEvent';
  name: string;
  viewer: ViewerModel;
}
/** The player's safer-gambling tools changed, or a limit refused something (docs/rules.md#safer-gambling). */
export interface SafeGamblingEventModel {
  __typename: 'SafeGamblingEvent';
  name: string;
  reason: SafeGamblingEventReasonName;
  /** The refusal's code as the schema spells it (DEPOSIT_LIMIT_REACHED, ...); null for a change. */
  code: string | null;
  message: string | null;
  resetsAt: Date | null;
  viewer: ViewerModel;
}
/** The casino's review of the player's FICA documents moved on (docs/rules.md#know-your-player). */
export interface VerificationEventModel {
  __typename: 'VerificationEvent';
  name: string;
  verification: VerificationModel;
  viewer: ViewerModel;
}
export interface GenericViewerEventModel {
  __typename: 'GenericViewerEvent';
  name: string;
  data: unknown;
}
export type ViewerEventModel =
  | LoyaltyProgressEventModel
  | NotificationEventModel
  | WalletEventModel
  | WithdrawalEventModel
  | DepositEventModel
  | ViewerSnapshotEventModel
  | SafeGamblingEventModel
  | VerificationEventModel
  | GenericViewerEventModel;
