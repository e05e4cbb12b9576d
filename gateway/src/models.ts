/**
 * What resolvers receive as parents: the upstream answers, validated and normalised once at the edge
 * (upstream/*.ts). Money is integer cents; instants are Date. `__typename` lets Node resolve its type.
 */

export interface MoneyModel {
  cents: number;
}

export interface GameModel {
  __typename: 'Game';
  id: number;
  name: string;
  code: string;
  product: string;
  category: string;
  platforms: ('desktop' | 'mobile')[];
  isBonusPlay: boolean;
  isFreebet: boolean;
  themes: string[];
  features: string[];
  paylines: number | null;
  subGroups: { id: string; name: string }[];
  image: string;
  rtp: number | null;
  createdAt: Date;
}

export interface GameProviderModel {
  __typename: 'GameProvider';
  product: string;
  shortname: string;
  name: string;
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
}

/** The viewer is the signed-in player; its parts load lazily through the request's loaders. */
export interface ViewerModel {
  __typename: 'Viewer';
  userId: number;
}

export type WalletGateway =
  'payment3' | 'voucherUp' | 'capitec' | 'discoveryBank' | 'eft' | 'creditCard' | 'bitcoin';

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
}

export type TierName = 'bronze' | 'silver' | 'gold' | 'platinum' | 'black';

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
  code: string;
  description: string;
  bonusCents: number;
  wageringRequiredCents: number;
  wageredCents: number;
  redeemedAt: Date | null;
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
}

export interface NotificationModel {
  __typename: 'Notification';
  id: number;
  subject: string;
  message: string;
  type: string;
  status: string;
  readAt: Date | null;
  createdAt: Date;
}

export interface TournamentEntryModel {
  userId: number;
  name: string;
  position: number;
  points: number;
  timePlayed: number;
  startedAt: Date | null;
  /** The signed-in player's id, to answer isViewer; null for guests. */
  viewerId: number | null;
}

export interface TournamentModel {
  __typename: 'Tournament';
  id: number;
  name: string;
  description: string;
  image: string;
  registrationStart: Date;
  registrationEnd: Date;
  startsAt: Date;
  endsAt: Date;
  buyInCents: number;
  buyInDurationMinutes: number | null;
  prizePoolCents: number;
  usersCount: number;
  entries: TournamentEntryModel[];
  joined: boolean;
  myEntry: TournamentEntryModel | null;
}

export interface PromotionModel {
  __typename: 'Promotion';
  id: number;
  title: string;
  description: string;
  image: string;
  url: string;
  terms: string;
  forSignedInOnly: boolean;
  isNew: boolean;
  createdAt: Date | null;
}

export interface PromotionBannerModel {
  __typename: 'PromotionBanner';
  id: number;
  title: string;
  url: string;
  image: string;
  imageMobile: string;
  exclude: string[];
}

export interface NewsArticleModel {
  __typename: 'NewsArticle';
  id: number;
  slug: string;
  title: string;
  category: string;
  excerpt: string;
  body: string | null;
  image: string;
  publishedAt: Date;
}

export interface WinModel {
  gameId: number;
  playerName: string;
  amountCents: number;
  createdAt: Date;
}

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
export interface ViewerSnapshotEventModel {
  __typename: 'ViewerSnapshotEvent';
  name: string;
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
  | ViewerSnapshotEventModel
  | GenericViewerEventModel;
