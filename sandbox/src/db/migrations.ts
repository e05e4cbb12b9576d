import type { Database } from 'better-sqlite3';

/**
 * Schema history. Each entry runs once, in order, inside a transaction; PRAGMA user_version records how far
 * a database has come. Append new migrations; never edit one that has shipped.
 * Money columns are integer cents; times are ISO 8601 UTC text.
 */
export const migrations: string[] = [
  `
  CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);

  CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    email TEXT NOT NULL UNIQUE COLLATE NOCASE,
    password_hash TEXT,                       -- NULL for seeded rivals who cannot sign in
    phone TEXT,
    date_of_birth TEXT,
    email_verified_at TEXT,
    welcome_package_expired INTEGER NOT NULL DEFAULT 0,
    loyalty_status TEXT NOT NULL DEFAULT 'active',
    loyalty_tier TEXT NOT NULL DEFAULT 'bronze',
    loyalty_stake_remainder_cents INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );

  -- Bearer tokens, stored as SHA-256 hashes. kind 'session' for the API, 'game' for a launched game page.
  CREATE TABLE tokens (
    token_hash TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    kind TEXT NOT NULL CHECK (kind IN ('session', 'game')),
    created_at TEXT NOT NULL,
    revoked_at TEXT
  );
  CREATE INDEX tokens_user ON tokens(user_id);

  CREATE TABLE password_resets (
    token_hash TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    created_at TEXT NOT NULL,
    used_at TEXT
  );

  -- Mail the sandbox "sent"; read back through GET /sandbox/mail.
  CREATE TABLE mail_outbox (
    id INTEGER PRIMARY KEY,
    to_email TEXT NOT NULL,
    subject TEXT NOT NULL,
    body TEXT NOT NULL,
    created_at TEXT NOT NULL
  );

  -- Every balance change is a ledger row; balances is the running sum, kept in the same transaction.
  CREATE TABLE ledger (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    wallet TEXT NOT NULL CHECK (wallet IN ('money', 'bonus')),
    amount_cents INTEGER NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('deposit', 'withdrawal', 'bet', 'win', 'bonus', 'bonus_forfeit',
      'bonus_release', 'buy_in', 'chest_reward', 'coupon', 'credit')),
    reference TEXT,
    created_at TEXT NOT NULL
  );
  CREATE INDEX ledger_user ON ledger(user_id, wallet);
  CREATE TABLE balances (
    user_id INTEGER NOT NULL REFERENCES users(id),
    wallet TEXT NOT NULL CHECK (wallet IN ('money', 'bonus')),
    balance_cents INTEGER NOT NULL DEFAULT 0 CHECK (balance_cents >= 0),
    PRIMARY KEY (user_id, wallet)
  );

  CREATE TABLE deposits (
    id TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    gateway TEXT NOT NULL,
    type TEXT NOT NULL,
    provider TEXT NOT NULL,
    amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
    status TEXT NOT NULL CHECK (status IN ('pending', 'complete', 'failed')),
    return_url TEXT,
    created_at TEXT NOT NULL,
    completed_at TEXT
  );
  CREATE INDEX deposits_user ON deposits(user_id);

  CREATE TABLE withdrawals (
    id TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
    status TEXT NOT NULL CHECK (status IN ('pending', 'complete', 'rolled_back')),
    created_at TEXT NOT NULL
  );

  -- Replays of deposit and withdraw responses by Idempotency-Key.
  CREATE TABLE idempotency (
    user_id INTEGER NOT NULL,
    endpoint TEXT NOT NULL,
    key TEXT NOT NULL,
    request_hash TEXT NOT NULL,
    status INTEGER NOT NULL,
    body TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (user_id, endpoint, key)
  );

  CREATE TABLE game_providers (
    product TEXT PRIMARY KEY,
    shortname TEXT NOT NULL,
    name TEXT NOT NULL
  );

  CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    game_code TEXT NOT NULL UNIQUE,
    product TEXT NOT NULL REFERENCES game_providers(product),
    category TEXT NOT NULL,
    platforms TEXT NOT NULL,       -- JSON list: ["desktop","mobile"]
    is_bonus_play INTEGER NOT NULL DEFAULT 0,
    is_freebet INTEGER NOT NULL DEFAULT 0,
    themes TEXT NOT NULL,          -- JSON list of strings
    features TEXT NOT NULL,        -- comma-separated
    paylines INTEGER,
    sub_groups TEXT NOT NULL,      -- JSON list of {id, name}
    rtp_percent REAL NOT NULL,
    popularity INTEGER NOT NULL,
    image TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  CREATE INDEX games_product ON games(product);
  CREATE INDEX games_category ON games(category);

  -- The home page's grouped lists (GET /api/games): mostPopular, Lives, topRated, Featured.
  CREATE TABLE home_groups (
    group_name TEXT NOT NULL CHECK (group_name IN ('mostPopular', 'Lives', 'topRated', 'Featured')),
    game_id INTEGER NOT NULL REFERENCES games(id),
    position INTEGER NOT NULL,
    PRIMARY KEY (group_name, game_id)
  );

  CREATE TABLE favourites (
    user_id INTEGER NOT NULL REFERENCES users(id),
    game_id INTEGER NOT NULL REFERENCES games(id),
    created_at TEXT NOT NULL,
    PRIMARY KEY (user_id, game_id)
  );

  CREATE TABLE recent_games (
    user_id INTEGER NOT NULL REFERENCES users(id),
    game_id INTEGER NOT NULL REFERENCES games(id),
    played_at TEXT NOT NULL,
    PRIMARY KEY (user_id, game_id)
  );

  CREATE TABLE spins (
    id INTEGER PRIMARY KEY,
    user_id INTEGER REFERENCES users(id),
    game_id INTEGER NOT NULL REFERENCES games(id),
    stake_cents INTEGER NOT NULL,
    win_cents INTEGER NOT NULL,
    wallet TEXT,
    demo INTEGER NOT NULL,
    created_at TEXT NOT NULL
  );

  CREATE TABLE coupons (
    code TEXT PRIMARY KEY COLLATE NOCASE,
    description TEXT NOT NULL,
    bonus_cents INTEGER NOT NULL CHECK (bonus_cents > 0),
    wagering_multiplier INTEGER NOT NULL CHECK (wagering_multiplier >= 0),
    expires_at TEXT NOT NULL
  );

  -- A player's redeemed coupons; at most one active, and it carries the bonus wagering requirement.
  CREATE TABLE user_coupons (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    code TEXT NOT NULL REFERENCES coupons(code),
    bonus_cents INTEGER NOT NULL,
    wagering_required_cents INTEGER NOT NULL,
    wagered_cents INTEGER NOT NULL DEFAULT 0,
    status TEXT NOT NULL CHECK (status IN ('active', 'completed', 'opted_out')),
    created_at TEXT NOT NULL,
    ended_at TEXT
  );
  CREATE UNIQUE INDEX user_coupons_one_active ON user_coupons(user_id) WHERE status = 'active';
  CREATE UNIQUE INDEX user_coupons_once ON user_coupons(user_id, code);

  CREATE TABLE loyalty_tiers (
    user_id INTEGER NOT NULL REFERENCES users(id),
    tier TEXT NOT NULL CHECK (tier IN ('bronze', 'silver', 'gold', 'platinum', 'black')),
    diamonds INTEGER NOT NULL DEFAULT 0 CHECK (diamonds >= 0),
    used INTEGER NOT NULL DEFAULT 0 CHECK (used >= 0 AND used <= diamonds),
    PRIMARY KEY (user_id, tier)
  );

  CREATE TABLE chest_openings (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    tier TEXT NOT NULL,
    reward_cents INTEGER NOT NULL,
    created_at TEXT NOT NULL
  );

  CREATE TABLE notifications (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    type TEXT NOT NULL,
    subject TEXT NOT NULL,
    message TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'sent',
    created_at TEXT NOT NULL,
    read_at TEXT
  );
  CREATE INDEX notifications_user ON notifications(user_id, created_at);

  -- Seeded tournaments are scheduled as offsets in seconds from the schedule anchor (settings.schedule_anchor,
  -- set to the time the sandbox starts), so every stage is on show for the first 24 hours after any start.
  CREATE TABLE tournaments (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    description TEXT NOT NULL,
    image TEXT NOT NULL,
    registration_start_offset INTEGER NOT NULL,
    registration_end_offset INTEGER NOT NULL,
    tournament_start_offset INTEGER NOT NULL,
    tournament_end_offset INTEGER NOT NULL,
    buy_in_cents INTEGER NOT NULL DEFAULT 0 CHECK (buy_in_cents >= 0),
    buy_in_duration INTEGER,      -- minutes of play a buy-in gives, NULL when there is none
    prize_pool_cents INTEGER NOT NULL,
    game_ids TEXT NOT NULL        -- JSON list of game ids that score points
  );

  CREATE TABLE tournament_users (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    user_id INTEGER NOT NULL REFERENCES users(id),
    points INTEGER NOT NULL DEFAULT 0,
    time_played INTEGER NOT NULL DEFAULT 0,   -- seconds
    started_at TEXT,
    joined_at TEXT NOT NULL,
    PRIMARY KEY (tournament_id, user_id)
  );

  CREATE TABLE promotions (
    id INTEGER PRIMARY KEY,
    title TEXT NOT NULL,
    description TEXT NOT NULL,
    image TEXT NOT NULL,
    url_link TEXT NOT NULL,
    terms TEXT NOT NULL,
    authenticated_only INTEGER NOT NULL DEFAULT 0,
    is_new INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL
  );

  CREATE TABLE promotion_banners (
    id INTEGER PRIMARY KEY,
    title TEXT NOT NULL,
    url_link TEXT NOT NULL,
    image TEXT NOT NULL,
    image_mobile TEXT NOT NULL,
    exclude TEXT NOT NULL,        -- JSON list of sections where it is not shown
    position INTEGER NOT NULL
  );

  CREATE TABLE news_articles (
    id INTEGER PRIMARY KEY,
    slug TEXT NOT NULL UNIQUE,
    title TEXT NOT NULL,
    category TEXT NOT NULL,
    excerpt TEXT NOT NULL,
    body TEXT NOT NULL,
    image TEXT NOT NULL,
    published_at TEXT NOT NULL
  );

  CREATE TABLE latest_wins (
    id INTEGER PRIMARY KEY,
    game_id INTEGER NOT NULL REFERENCES games(id),
    player_name TEXT NOT NULL,
    amount_cents INTEGER NOT NULL,
    created_at TEXT NOT NULL
  );
  `,
  // 2: when the player dismissed the onboarding tour; NULL until then, so new and seeded players see it once.
  `
  ALTER TABLE users ADD COLUMN onboarding_seen_at TEXT NULL;
  `,
  // 3: the affiliate a player signed up through ('organic' by default: docs/rules.md#sign-in-and-sessions) and the
  // campaign's tracking id.
  `
  ALTER TABLE users ADD COLUMN affiliate TEXT NOT NULL DEFAULT 'organic';
  ALTER TABLE users ADD COLUMN tracking_id TEXT NULL;
  `,
  // 4: the welcome package (docs/rules.md#welcome-package) runs on the coupon machinery: a coupon that cannot be
  // redeemed by typing its code, the deposit a welcome bonus came with, and whether the deposit claimed it.
  `
  ALTER TABLE coupons ADD COLUMN redeemable INTEGER NOT NULL DEFAULT 1;
  INSERT INTO coupons (code, description, bonus_cents, wagering_multiplier, expires_at, redeemable)
    VALUES ('WELCOME-PACKAGE', 'Welcome package: a bonus on your first deposit', 250000, 35,
            '9999-12-31T23:59:59.000Z', 0);
  ALTER TABLE user_coupons ADD COLUMN deposit_id TEXT NULL REFERENCES deposits(id);
  ALTER TABLE deposits ADD COLUMN claim_welcome_bonus INTEGER NOT NULL DEFAULT 1;
  `,
  // 5: payout bank accounts and the withdrawal lifecycle (docs/rules.md#withdrawals): requested (pending), approved,
  // paid, or reversed (cancelled by the player) or failed with a reason. Each withdrawal keeps the account it pays to
  // as it was when requested, and its history. Old rows: complete is paid, rolled_back is reversed.
  `
  CREATE TABLE bank_accounts (
    user_id INTEGER PRIMARY KEY REFERENCES users(id),
    bank TEXT NOT NULL,
    holder TEXT NOT NULL,
    account_number TEXT NOT NULL,
    account_type TEXT NOT NULL CHECK (account_type IN ('cheque', 'savings', 'transmission')),
    verified INTEGER NOT NULL DEFAULT 0 CHECK (verified IN (0, 1)),
    updated_at TEXT NOT NULL
  );
  CREATE TABLE withdrawals_new (
    id TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
    status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'paid', 'reversed', 'failed')),
    reason TEXT,
    bank TEXT,
    holder TEXT,
    account_last4 TEXT,
    account_type TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  INSERT INTO withdrawals_new (id, user_id, amount_cents, status, created_at, updated_at)
    SELECT id, user_id, amount_cents,
           CASE status WHEN 'complete' THEN 'paid' WHEN 'rolled_back' THEN 'reversed' ELSE 'pending' END,
           created_at, created_at
    FROM withdrawals;
  DROP TABLE withdrawals;
  ALTER TABLE withdrawals_new RENAME TO withdrawals;
  CREATE INDEX withdrawals_user ON withdrawals(user_id, created_at);
  CREATE TABLE withdrawal_steps (
    id INTEGER PRIMARY KEY,
    withdrawal_id TEXT NOT NULL REFERENCES withdrawals(id),
    status TEXT NOT NULL,
    reason TEXT,
    at TEXT NOT NULL
  );
  INSERT INTO withdrawal_steps (withdrawal_id, status, at) SELECT id, 'pending', created_at FROM withdrawals;
  `,
  // 6: a sentence about each game provider for its page (NULL: none).
  `
  ALTER TABLE game_providers ADD COLUMN description TEXT NULL;
  `,
  // 7: a tournament's minimum stake per spin (docs/rules.md#tournament-stages, "Which spins score"); 0 means none.
  `
  ALTER TABLE tournaments ADD COLUMN min_stake_cents INTEGER NOT NULL DEFAULT 0 CHECK (min_stake_cents >= 0);
  `,
  // 8: why a session ended (docs/rules.md#sign-in-and-sessions): signed_out, password_reset, signed_in_elsewhere,
  // expired. NULL while the session lives.
  `
  ALTER TABLE tokens ADD COLUMN revoked_reason TEXT NULL;
  `,
  // 9: safer gambling (docs/rules.md#safer-gambling). A player's limits, one row per kind and period (amount: cents
  // for deposit and loss, minutes for session, whose only period is 'day'; NULL: none set), with a raise or removal
  // waiting out its cooling-off (pending_effective_at set; pending_amount NULL there means removal). Breaks and
  // self-exclusions, never deleted. An audit row for every change. Real-money play moments (a real launch or spin),
  // from which time played is counted. The reality-check interval, kept so it follows the player.
  `
  CREATE TABLE player_limits (
    user_id INTEGER NOT NULL REFERENCES users(id),
    kind TEXT NOT NULL CHECK (kind IN ('deposit', 'loss', 'session')),
    period TEXT NOT NULL CHECK (period IN ('day', 'week', 'month')),
    amount INTEGER NULL CHECK (amount IS NULL OR amount > 0),
    pending_amount INTEGER NULL CHECK (pending_amount IS NULL OR pending_amount > 0),
    pending_effective_at TEXT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (user_id, kind, period)
  );
  CREATE TABLE play_restrictions (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    kind TEXT NOT NULL CHECK (kind IN ('break', 'self_exclusion')),
    length TEXT NOT NULL CHECK (length IN ('24h', '7d', '6w', '6m', '1y', '5y')),
    started_at TEXT NOT NULL,
    ends_at TEXT NOT NULL
  );
  CREATE INDEX play_restrictions_user ON play_restrictions(user_id, ends_at);
  CREATE TABLE safer_gambling_audit (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    action TEXT NOT NULL,
    description TEXT NOT NULL,
    detail TEXT NOT NULL DEFAULT '{}',
    at TEXT NOT NULL
  );
  CREATE INDEX safer_gambling_audit_user ON safer_gambling_audit(user_id, at);
  CREATE TABLE real_play_events (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    kind TEXT NOT NULL CHECK (kind IN ('launch', 'spin')),
    at TEXT NOT NULL
  );
  CREATE INDEX real_play_events_user ON real_play_events(user_id, at);
  ALTER TABLE users ADD COLUMN reality_check_minutes INTEGER NOT NULL DEFAULT 60;
  `,
  // 10: the player's identity (docs/rules.md#know-your-player): the number as kept (upper case, no spaces), its kind
  // (sa_id or passport), its country (ZA for an ID number) and the key that makes one person one identity
  // ('<country>:<number>'), unique. NULL on accounts opened before the casino asked for it (and seeded rivals); a
  // unique index lets any number of NULLs be.
  `
  ALTER TABLE users ADD COLUMN id_number TEXT NULL;
  ALTER TABLE users ADD COLUMN identity_kind TEXT NULL CHECK (identity_kind IN ('sa_id', 'passport'));
  ALTER TABLE users ADD COLUMN identity_country TEXT NULL;
  ALTER TABLE users ADD COLUMN identity_key TEXT NULL;
  CREATE UNIQUE INDEX users_identity_key ON users(identity_key);
  `,
  // 11: FICA verification (docs/rules.md#know-your-player): the player's status (no row: unverified) and the
  // documents, each handed an upload address first (kept as the SHA-256 hash of its token, good until
  // upload_expires_at, used once) and then holding the file's bytes, which no route serves back.
  `
  CREATE TABLE verifications (
    user_id INTEGER PRIMARY KEY REFERENCES users(id),
    status TEXT NOT NULL CHECK (status IN ('unverified', 'pending', 'verified', 'rejected')),
    submitted_at TEXT NULL,
    decided_at TEXT NULL,
    reason TEXT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE TABLE verification_documents (
    id TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    kind TEXT NOT NULL CHECK (kind IN ('identity', 'proof_of_address', 'bank_statement')),
    status TEXT NOT NULL
      CHECK (status IN ('awaiting_upload', 'uploaded', 'in_review', 'accepted', 'rejected')),
    content_type TEXT NOT NULL,
    size INTEGER NOT NULL CHECK (size > 0),
    bytes BLOB NULL,
    upload_token_hash TEXT NOT NULL UNIQUE,
    upload_expires_at TEXT NOT NULL,
    uploaded_at TEXT NULL,
    rejection_reason TEXT NULL,
    created_at TEXT NOT NULL
  );
  CREATE INDEX verification_documents_user ON verification_documents(user_id, created_at);
  `,
  // 12: an opaque, random id per leaderboard entry (docs/rules.md#know-your-player), so a public entry's id holds no
  // user id; entries made before get theirs here.
  `
  ALTER TABLE tournament_users ADD COLUMN entry_id TEXT NULL;
  UPDATE tournament_users SET entry_id = lower(hex(randomblob(12)));
  CREATE UNIQUE INDEX tournament_users_entry_id ON tournament_users(entry_id);
  `,
  // 13: limits with no side doors (docs/rules.md#payments): a deposit that settles while its player is on a break or
  // self-excluded is returned to its source ('refunded'), and why a deposit failed ('cancelled' on the payment page,
  // or 'expired': not paid within the payment window). SQLite cannot change a CHECK, so the table is rebuilt; the
  // foreign key from user_coupons is checked once the rebuilt table holds every row again (see migrate).
  `
  CREATE TABLE deposits_new (
    id TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id),
    gateway TEXT NOT NULL,
    type TEXT NOT NULL,
    provider TEXT NOT NULL,
    amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
    status TEXT NOT NULL CHECK (status IN ('pending', 'complete', 'failed', 'refunded')),
    return_url TEXT,
    created_at TEXT NOT NULL,
    completed_at TEXT,
    claim_welcome_bonus INTEGER NOT NULL DEFAULT 1,
    failure_reason TEXT NULL CHECK (failure_reason IN ('cancelled', 'expired'))
  );
  INSERT INTO deposits_new (id, user_id, gateway, type, provider, amount_cents, status, return_url, created_at,
                            completed_at, claim_welcome_bonus, failure_reason)
    SELECT id, user_id, gateway, type, provider, amount_cents, status, return_url, created_at, completed_at,
           claim_welcome_bonus, CASE WHEN status = 'failed' THEN 'cancelled' END
    FROM deposits;
  DROP TABLE deposits;
  ALTER TABLE deposits_new RENAME TO deposits;
  CREATE INDEX deposits_user ON deposits(user_id);
  `,
  // 14: one source for every offer (docs/rules.md#promotions-and-banners): a promotion names the coupon it
  // advertises, or says it is the welcome package's, and its numbers are read from there, never from its prose.
  `
  ALTER TABLE promotions ADD COLUMN coupon_code TEXT NULL REFERENCES coupons(code);
  ALTER TABLE promotions ADD COLUMN offer TEXT NULL CHECK (offer IN ('welcome_package'));
  `,
  // 15: the reality check that pauses play (docs/rules.md#safer-gambling): each player's current real-money play
  // session, from which the next check falls due (domain/safer-gambling/reality-check.ts).
  `
  CREATE TABLE play_sessions (
    user_id INTEGER PRIMARY KEY REFERENCES users(id),
    started_at TEXT NOT NULL,
    check_from TEXT NOT NULL,
    last_at TEXT NOT NULL,
    ended_at TEXT NULL
  );
  `,
];

export function migrate(db: Database): void {
  const current = db.pragma('user_version', { simple: true }) as number;
  // SQLite's way to rebuild a table others refer to (https://sqlite.org/lang_altertable.html#otheralter): foreign keys
  // off (which a transaction cannot do), then every key checked before each migration commits.
  const foreignKeys = db.pragma('foreign_keys', { simple: true }) as number;
  db.pragma('foreign_keys = OFF');
  try {
    for (let version = current; version < migrations.length; version++) {
      db.transaction(() => {
        db.exec(migrations[version]!);
        const broken = db.pragma('foreign_key_check') as unknown[];
        if (broken.length > 0)
          throw new Error(`migration ${version + 1} breaks ${broken.length} foreign keys`);
        db.pragma(`user_version = ${version + 1}`);
      })();
    }
  } finally {
    db.pragma(`foreign_keys = ${foreignKeys ? 'ON' : 'OFF'}`);
  }
}
