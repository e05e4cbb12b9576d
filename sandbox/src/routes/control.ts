import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context.js';
import { FaultTable, installFaults } from '../control/faults.js';
import { isoUtc } from '../domain/clock.js';
import { publishWallet } from '../domain/events.js';
import { setProviderDown } from '../domain/games.js';
import { post, walletEntries } from '../domain/ledger.js';
import { listMail } from '../domain/mail.js';
import { NOTIFICATION_TYPES, notify } from '../domain/notifications.js';
import { setWelcomePackageExpired } from '../domain/welcome.js';
import { DEFAULT_PAYMENT_SETTINGS, GATEWAY_NAMES, savePaymentSettings } from '../domain/payments.js';
import {
  PROMO_PAGE_KEYS,
  publicSiteSettings,
  saveSiteSettings,
  type PromoPageKey,
  type SiteSettings,
} from '../domain/site-settings.js';
import { revokeToken, SESSION_END_REASONS } from '../domain/tokens.js';
import { publishSessionEnded } from '../domain/events.js';
import { markEmailVerified } from '../domain/users.js';
import { registerBackOffice } from '../control/back-office.js';
import { requireUser } from '../http/auth.js';
import { parse } from '../http/errors.js';
import { Rands } from './wallet.js';

const FaultBody = z
  .object({
    method: z
      .string()
      .regex(/^(\*|[A-Za-z]+)$/, 'must be an HTTP method or *')
      .default('*'),
    path: z.string().startsWith('/', 'must start with /').max(300),
    status: z.number().int().min(100).max(599).optional(),
    delayMs: z.number().int().min(0).max(120_000).default(0),
    times: z.number().int().min(1).max(1_000_000).optional(),
  })
  .refine((f) => f.status !== undefined || f.delayMs > 0, 'give a status, a delayMs, or both');
const CreditBody = z.object({ amount: Rands(1, 10_000_000) });
const PublishBody = z.object({
  channel: z.string().min(1).max(200),
  event: z.string().min(1).max(200),
  data: z.unknown().default({}),
});
const NotifyBody = z.object({
  type: z.enum(NOTIFICATION_TYPES).default('created_by_user'),
  subject: z.string().min(1).max(200).default('A message from PlayLive'),
  message: z.string().min(1).max(2000).default('Hello from the sandbox.'),
});
const EndSessionBody = z.object({ reason: z.enum(SESSION_END_REASONS) });
/** Up to 6 years: enough to see the longest self-exclusion (5 years) end. */
const MAX_CLOCK_ADVANCE_MINUTES = 6 * 366 * 24 * 60;
const ClockBody = z.object({
  advance_minutes: z
    .number({ error: 'must be a whole number of minutes' })
    .int('must be a whole number of minutes')
    .min(1, 'must be at least 1 (the clock only moves forward)')
    .max(MAX_CLOCK_ADVANCE_MINUTES, `must be at most ${MAX_CLOCK_ADVANCE_MINUTES} (6 years)`),
});
const DownBody = z.object({ down: z.boolean({ error: 'must be true or false' }) });
const booleanFlags = Object.fromEntries(
  Object.entries(DEFAULT_PAYMENT_SETTINGS)
    .filter(([, v]) => typeof v === 'boolean')
    .map(([k]) => [k, z.boolean().optional()]),
);
const PaymentsBody = z
  .object({
    ...booleanFlags,
    payment_method_capitec_name: z.string().min(1).max(60).optional(),
    payment_method_names: z.partialRecord(z.enum(GATEWAY_NAMES), z.string().trim().min(1).max(40)).optional(),
    depositBonusPercentage: z.number().int().min(0).max(1000).optional(),
    depositWagerPercentage: z.number().int().min(0).max(1000).optional(),
  })
  .strict();

const perPromoPage = <T extends z.ZodType>(schema: T) =>
  z
    .object(Object.fromEntries(PROMO_PAGE_KEYS.map((key) => [key, schema])) as Record<PromoPageKey, T>)
    .strict();
const Text = (max: number) => z.string().min(1).max(max);
/** Each site setting's whole value, in the shape GET /api/settings returns (so a test cannot break that shape). */
/** A third-party service's address: a full URL, or a path on the sandbox (its fakes, /third-party/...). */
const Address = z.union([
  z.url().max(500),
  z.string().regex(/^\/[\w./-]{1,200}$/, 'must be a URL or a path'),
]);

const siteSettingSchemas = {
  loyalty_enabled: z.boolean(),
  welcome_package_enabled: z.boolean(),
  promo_pages: perPromoPage(z.boolean()),
  sso: z
    .object({ enabled: z.boolean(), login_url: z.url().nullable(), signup_url: z.url().nullable() })
    .strict(),
  live_chat: z.object({ enabled: z.boolean(), script_url: Address, license_id: Text(40) }).strict(),
  support_email: z.email().max(200).nullable(),
  support_phone: z
    .string()
    .regex(/^\+?[\d ()-]{6,30}$/, 'must be a phone number')
    .nullable(),
  maintenance: z.object({ enabled: z.boolean(), message: Text(500).nullable() }).strict(),
  time_zone: Text(60),
  capitec_name: Text(60),
  app_version: Text(40),
  terms: z.object({ version: Text(40), updated_at: z.iso.datetime(), text: Text(50_000) }).strict(),
  tag_manager_id: Text(40),
  tag_manager_url: Address,
  error_reporter: z.object({ dsn: Address, sample_rate: z.number().min(0).max(1) }).strict(),
  wagering_enabled: z.boolean(),
  alternate_routes: z.boolean(),
  promo_content: perPromoPage(
    z
      .object({
        title: Text(200),
        intro: Text(1000),
        body: Text(20_000),
        image: Text(500),
        terms: Text(5000),
      })
      .strict(),
  ),
} satisfies { [K in keyof SiteSettings]: z.ZodType<SiteSettings[K]> };
const SiteSettingsBody = z.object(siteSettingSchemas).partial().strict();

/** Marks the player's welcome package used (or open again), as the casino's back office would. */
function registerWelcomePackage(app: FastifyInstance, ctx: SandboxContext): void {
  app.post('/sandbox/welcomePackage', async (req) => {
    const { userId } = requireUser(ctx, req);
    const { expired } = parse(z.object({ expired: z.boolean() }), req.body);
    setWelcomePackageExpired(ctx.db, userId, expired, ctx.clock());
    publishWallet(ctx, userId);
    return { welcome_package_expired: expired };
  });
}

/** Fault injection: matching /api calls fail or slow down until the faults are cleared. */
function registerFaults(app: FastifyInstance): void {
  const faults = new FaultTable();
  installFaults(app, faults);
  app.post('/sandbox/faults', async (req, reply) => {
    const body = parse(FaultBody, req.body);
    reply.status(201);
    return { fault: faults.add({ ...body, status: body.status ?? null, times: body.times ?? null }) };
  });
  app.get('/sandbox/faults', async () => ({ faults: faults.list(), held: faults.held() }));
  // The calls a delay holds now answer at once (each with its fault's status, if any).
  app.post('/sandbox/faults/release', async () => ({ released: faults.release() }));
  app.delete('/sandbox/faults', async () => {
    faults.clear();
    return { faults: [] };
  });
}

/**
 * The sandbox's own control routes under /sandbox, for tests and partners: fault injection, test money, the mail
 * outbox, raw live-channel publishing, notifications, payment flags, site settings, provider outages, the welcome
 * package, sessions the casino ends, the clock and the back office's withdrawal moves. Off when SANDBOX_CONTROL=0.
 */
export function register(app: FastifyInstance, ctx: SandboxContext): void {
  if (!ctx.config.control) return;
  const { db } = ctx;
  registerFaults(app);

  app.post('/sandbox/credit', async (req) => {
    const { userId } = requireUser(ctx, req);
    const { amount } = parse(CreditBody, req.body);
    post(
      db,
      [{ userId, wallet: 'money', amountCents: amount, kind: 'credit', reference: 'sandbox:credit' }],
      ctx.clock(),
    );
    publishWallet(ctx, userId);
    return { wallets: walletEntries(db, userId) };
  });

  registerWelcomePackage(app, ctx);
  registerSessionEnd(app, ctx);
  registerClock(app, ctx);

  app.post('/sandbox/verifyEmail', async (req) => {
    const { userId } = requireUser(ctx, req);
    markEmailVerified(db, userId, ctx.clock());
    return { success: true };
  });

  app.post('/sandbox/notifications', async (req, reply) => {
    const { userId } = requireUser(ctx, req);
    const body = parse(NotifyBody, req.body);
    const notification = notify(ctx, userId, body.type, body.subject, body.message);
    // null: a marketing notification held back during a break (docs/rules.md#safer-gambling).
    reply.status(notification ? 201 : 200);
    return { notification };
  });

  app.post('/sandbox/publish', async (req) => {
    const body = parse(PublishBody, req.body);
    ctx.realtime.publish(body.channel, body.event, body.data);
    return { published: true };
  });

  app.patch('/sandbox/settings/payments', async (req) => ({
    payments: savePaymentSettings(db, parse(PaymentsBody, req.body)),
  }));

  // Replaces each given site setting whole, as an operator changing a flag would; returns all the settings.
  app.patch('/sandbox/settings/site', async (req) => {
    saveSiteSettings(db, parse(SiteSettingsBody, req.body));
    return publicSiteSettings(db, ctx.publicUrl());
  });

  // A provider outage: launches of its games get a 503 until it is marked up again.
  app.put('/sandbox/providers/:product/down', async (req) => {
    const { product } = parse(z.object({ product: z.string().max(60) }), req.params);
    const { down } = parse(DownBody, req.body);
    return setProviderDown(db, product, down);
  });

  registerBackOffice(app, ctx);

  app.get('/sandbox/mail', async (req) => {
    const { email } = parse(z.object({ email: z.string().max(190).optional() }), req.query);
    return { mail: listMail(db, email) };
  });
}

/** Ends the caller's session as the casino would for another reason than a sign-out (a sign-in elsewhere, expiry). */
/**
 * The sandbox's now, moved forward by an offset, so tests can see a cooling-off, a rolling window or a break end
 * (docs/rules.md#safer-gambling) without waiting for it. It stays moved until the sandbox restarts.
 */
function registerClock(app: FastifyInstance, ctx: SandboxContext): void {
  app.post('/sandbox/clock', async (req) => {
    const body = parse(ClockBody, req.body);
    ctx.advanceClock(body.advance_minutes * 60_000);
    return { now: isoUtc(ctx.clock()) };
  });
  app.get('/sandbox/clock', async () => ({ now: isoUtc(ctx.clock()) }));
}

function registerSessionEnd(app: FastifyInstance, ctx: SandboxContext): void {
  app.post('/sandbox/endSession', async (req) => {
    const { tokenHash, userId } = requireUser(ctx, req);
    const { reason } = parse(EndSessionBody, req.body);
    revokeToken(ctx.db, tokenHash, ctx.clock(), reason);
    publishSessionEnded(ctx, userId, reason);
    return { success: true };
  });
}
