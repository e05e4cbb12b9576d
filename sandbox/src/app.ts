import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { configFromEnv, type SandboxConfig } from './config.js';
import type { SandboxContext } from './context.js';
import { openDatabase, type Db } from './db/open.js';
import { anchorSchedule } from './db/schedule.js';
import { seedIfEmpty } from './seed/index.js';
import { movableClock, systemClock, type Clock } from './domain/clock.js';
import { installErrorHandling } from './http/errors.js';
import { installFormBodies } from './http/forms.js';
import { loggedPath } from './http/log.js';
import { attachPusherServer, type PusherServer } from './realtime/pusher-server.js';
import { registerRoutes } from './routes/index.js';

export interface Sandbox {
  url: string;
  port: number;
  db: Db;
  ctx: SandboxContext;
  pusher: PusherServer;
  close(): Promise<void>;
}

export interface SandboxOptions {
  config?: Partial<SandboxConfig>;
  clock?: Clock;
  /** Wipe the data folder and seed afresh. */
  reset?: boolean;
  /** Pino logger on (the command line) or off (tests). */
  logger?: boolean;
}

export async function createSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const config: SandboxConfig = { ...configFromEnv(), ...options.config };
  const clock = options.clock ?? systemClock;
  const db = openDatabase(config.dataDir, { reset: options.reset ?? false });
  seedIfEmpty(db, clock(), config.passwordCost);
  anchorSchedule(db, clock());

  const app = Fastify({
    bodyLimit: 64 * 1024,
    logger: options.logger
      ? {
          level: config.logLevel,
          // Tokens and personal data never reach the log: only method, path (an upload token redacted) and status
          // are written.
          serializers: {
            req: (req) => ({ method: req.method, url: loggedPath(req.url) }),
            res: (res) => ({ statusCode: res.statusCode }),
          },
        }
      : false,
  });
  installErrorHandling(app);
  installFormBodies(app);

  let listeningUrl = '';
  const movable = movableClock(clock);
  const ctx: SandboxContext = {
    db,
    clock: movable.clock,
    advanceClock: movable.advance,
    config,
    realtime: { publish: () => undefined },
    publicUrl: () => config.publicUrl ?? listeningUrl,
  };
  const pusher = attachPusherServer(app.server, ctx);
  ctx.realtime = pusher;
  registerRoutes(app, ctx);

  await app.listen({ port: config.port, host: config.host });
  const { port } = app.server.address() as AddressInfo;
  const host = config.host.includes(':') ? `[${config.host}]` : config.host;
  listeningUrl = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;

  let closed = false;
  return {
    url: listeningUrl,
    port,
    db,
    ctx,
    pusher,
    async close() {
      if (closed) return;
      closed = true;
      await pusher.close();
      await app.close();
      db.close();
    },
  };
}
