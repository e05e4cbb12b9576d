import type { Resolvers } from '../__generated__/resolvers-types.js';
import type { GatewayContext } from '../context.js';
import { decimalToCents, formatRands } from '../domain/money.js';
import { gatewayError } from '../errors.js';
import type { LimitPeriodName } from '../models.js';
import { loadActivity, loadPlaySummary } from '../upstream/activity.js';
import {
  answerRealityCheck,
  changeLimits,
  loadSafeGambling,
  selfExclude,
  startBreak,
  type LimitsChange,
} from '../upstream/safer-gambling.js';
import { requirePlayerId } from './guard.js';
import { withSession, type Prefetches } from './prefetch.js';
import { viewerOf } from './viewer.js';

/*
 * Safer gambling (docs/rules.md#safer-gambling): the player's limits, reality-check interval, break or exclusion, the
 * activity statement and the reality check's "this session"; the mutations that set them. The casino enforces every
 * rule; the gateway refuses input the casino would refuse anyway before sending it, in the same words a form can show
 * beside its input (extensions.fields). The casino's refusals of deposits, play and sign-in get their own codes in
 * upstream/client.ts, for every call.
 */

/** A money limit's bounds, in cents: R10.00 to R1,000,000.00. */
const MIN_LIMIT_CENTS = 1_000;
const MAX_LIMIT_CENTS = 100_000_000;
/** The session limit's minutes: 15 to 1,440 in steps of 15. */
const SESSION_STEP = 15;
const MAX_SESSION_MINUTES = 1_440;
/** The reality check's choices (the casino's reality_check_choices). */
const REALITY_CHECK_CHOICES = [15, 30, 60, 120];
/** How far back the reality check's "this session" may start. */
const SUMMARY_WINDOW_MS = 24 * 60 * 60_000;

/** BAD_USER_INPUT naming its input field, as the casino's own 422 does (a form shows it beside the input). */
const fieldError = (field: string, message: string) =>
  gatewayError('BAD_USER_INPUT', message, { fields: { [field]: [message] } });

/** A limit in rands ("50.00") as cents, within R10.00 to R1,000,000.00; null (removing the limit) as it is. */
function limitCents(amount: string | null | undefined): number | null {
  if (amount === null || amount === undefined) return null;
  const cents = decimalToCents(amount);
  if (cents === null) throw fieldError('amount', 'amount must be an amount in rands, for example 50.00.');
  if (cents < MIN_LIMIT_CENTS || cents > MAX_LIMIT_CENTS) {
    throw fieldError(
      'amount',
      `A limit must be from ${formatRands(MIN_LIMIT_CENTS)} to ${formatRands(MAX_LIMIT_CENTS)}.`,
    );
  }
  return cents;
}

function sessionMinutes(minutes: number | null | undefined): number | null {
  if (minutes === null || minutes === undefined) return null;
  if (minutes < SESSION_STEP || minutes > MAX_SESSION_MINUTES || minutes % SESSION_STEP !== 0) {
    throw fieldError(
      'minutes',
      `A play time limit must be from ${SESSION_STEP} to 1,440 minutes, in steps of ${SESSION_STEP}.`,
    );
  }
  return minutes;
}

function realityCheckMinutes(minutes: number): number {
  if (!REALITY_CHECK_CHOICES.includes(minutes)) {
    throw fieldError('minutes', `A reality check can be every ${REALITY_CHECK_CHOICES.join(', ')} minutes.`);
  }
  return minutes;
}

function periodsCount(first: number | null | undefined, fallback: number): number {
  const n = first ?? fallback;
  if (!Number.isInteger(n) || n < 1 || n > 100) throw fieldError('first', 'first must be from 1 to 100.');
  return n;
}

/** The reality check's session start: within the last 24 hours, not in the future. */
function summarySince(ctx: GatewayContext, since: string): Date {
  const at = new Date(since);
  const now = ctx.now().getTime();
  if (at.getTime() > now || now - at.getTime() > SUMMARY_WINDOW_MS) {
    throw fieldError('since', 'since must be within the last 24 hours.');
  }
  return at;
}

/** A change, then the tools as they now stand with the player to update a client's store. */
async function changed(
  ctx: GatewayContext,
  clientMutationId: string | null | undefined,
  change: () => ReturnType<typeof changeLimits>,
) {
  const userId = await requirePlayerId(ctx);
  const safeGambling = await change();
  return { safeGambling, viewer: viewerOf(userId), clientMutationId: clientMutationId ?? null };
}

const activityArgs = (args: { period: LimitPeriodName; first?: number | null }) =>
  [args.period, periodsCount(args.first, 12)] as const;

export const saferGamblingResolvers: Resolvers = {
  Viewer: {
    safeGambling: (_v, _args, ctx) => loadSafeGambling(ctx.scope.upstream),
    activity: (_v, args, ctx) => loadActivity(ctx.scope.upstream, ...activityArgs(args)),
    playSummary: (_v, { since }, ctx) => loadPlaySummary(ctx.scope.upstream, summarySince(ctx, since)),
  },

  SafeGambling: {
    history: (s, { first }) => s.history.slice(0, periodsCount(first, 20)),
  },

  Mutation: {
    setMoneyLimit: (_root, { input }, ctx) => {
      const cents = limitCents(input.amount);
      const change: LimitsChange = { [input.kind]: { [input.period]: cents } };
      return changed(ctx, input.clientMutationId, () => changeLimits(ctx.scope.upstream, change));
    },

    setSessionLimit: (_root, { input }, ctx) => {
      const minutes = sessionMinutes(input.minutes);
      return changed(ctx, input.clientMutationId, () =>
        changeLimits(ctx.scope.upstream, { session_minutes: minutes }),
      );
    },

    setRealityCheck: (_root, { input }, ctx) => {
      const minutes = realityCheckMinutes(input.minutes);
      return changed(ctx, input.clientMutationId, () =>
        changeLimits(ctx.scope.upstream, { reality_check_minutes: minutes }),
      );
    },

    answerRealityCheck: async (_root, { input }, ctx) => {
      const userId = await requirePlayerId(ctx);
      const choice = input.choice === 'STOP' ? 'stop' : 'continue';
      const answer = await answerRealityCheck(ctx.scope.upstream, choice);
      return {
        ...answer,
        viewer: viewerOf(userId),
        clientMutationId: input.clientMutationId ?? null,
      };
    },

    takeABreak: (_root, { input }, ctx) =>
      changed(ctx, input.clientMutationId, () => startBreak(ctx.scope.upstream, input.length)),

    selfExclude: async (_root, { input }, ctx) => {
      if (input.confirm !== true) {
        throw fieldError(
          'confirm',
          'Please confirm that you understand this cannot be undone before it ends.',
        );
      }
      const userId = await requirePlayerId(ctx);
      const token = ctx.scope.upstream.token!;
      const { restriction, payout } = await selfExclude(ctx.scope.upstream, input.length);
      // The casino has revoked every token of the player: this session's live subscriptions end now, and the
      // player's other sessions are checked now, on every replica (realtime/session-ends.ts); the rest of this
      // result is read as a guest's.
      ctx.realtime.sessionEnded(token);
      ctx.realtime.playerSessionsEnded(userId);
      ctx.switchSession(null);
      return { restriction, payout, clientMutationId: input.clientMutationId ?? null };
    },
  },
};

export const saferGamblingPrefetches: Prefetches = {
  Viewer: {
    safeGambling: withSession((ctx) => loadSafeGambling(ctx.scope.upstream)),
    activity: withSession((ctx, args) =>
      loadActivity(ctx.scope.upstream, ...activityArgs(args as { period: LimitPeriodName; first?: number })),
    ),
    playSummary: withSession((ctx, args) =>
      loadPlaySummary(ctx.scope.upstream, summarySince(ctx, args.since as string)),
    ),
  },
};
