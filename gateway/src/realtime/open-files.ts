import fs from 'node:fs';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { GatewayLogger } from '../observability/logging.js';

/**
 * How often the open files are counted exactly (a readdir of /proc/self/fd: about 2 ms at 19,000 sockets). Between
 * two counts the figure is the last count plus the server's connections opened and closed since, so a burst of
 * sockets is seen at once without a readdir per connection.
 */
const RECOUNT_MS = 2_000;
/** At most one line per this long about accepts failing at the limit (each refused connection would be a line). */
const ACCEPT_FAILURE_LOG_MS = 60_000;

/**
 * The process's soft limit on open files ("Max open files" in /proc/self/limits), what accept() and every other
 * open count against; null where there is no /proc (the guard is then off) or when unlimited.
 */
export function readOpenFilesLimit(): number | null {
  try {
    const limits = fs.readFileSync('/proc/self/limits', 'utf8');
    const m = /^Max open files\s+(\d+|unlimited)\s/m.exec(limits);
    return m && m[1] !== 'unlimited' ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

/** The process's open files now (entries of /proc/self/fd, less the one the readdir itself holds); null without. */
async function countOpenFiles(): Promise<number | null> {
  try {
    return (await fs.promises.readdir('/proc/self/fd')).length - 1;
  } catch {
    // No /proc, or no descriptor left to read it with (EMFILE): the estimate carries on from the last count.
    return null;
  }
}

export interface OpenFilesOptions {
  /** The server whose connections (HTTP and upgraded sockets alike) make most of the open files. */
  server: Server;
  logger: Pick<GatewayLogger, 'warn' | 'info' | 'error'>;
  /**
   * Open files kept for what is not a new socket: HTTP requests, upstream connections, Redis, logs; null: the
   * default, 500 (at most half the limit, so a low limit still takes sockets).
   */
  reserve: number | null;
  /** Percent of the limit past which the gateway says once that it is near it. */
  warnPercent: number;
  /** The soft limit; by default read from /proc/self/limits at each count (prlimit may change it at run time). */
  limit?: () => number | null;
}

/** How near the process is to its limit, at a glance (metrics, and the refusal's reason). */
export interface OpenFilesStats {
  open: number | null;
  limit: number | null;
  /** New WebSocket upgrades are refused at this many open files (limit less the reserve). */
  refuseAt: number | null;
}

/**
 * Watches the process's open files against its soft limit, so that at the limit the gateway refuses new sockets
 * cleanly instead of failing in accept() (or in an upstream call, or a log write): one warning when the count
 * passes warnPercent of the limit, one when it reaches the reserve and sockets are refused, one when it is back
 * under. Past the limit itself libuv accepts a connection on a descriptor it keeps spare and closes it at once; should
 * accept() still fail, the server's 'error' is logged here rather than thrown (with no listener it would end the
 * process).
 */
export class OpenFiles {
  private counted: number | null = null;
  private connectionsAtCount = 0;
  private connections = 0;
  private limitNow: number | null;
  private warned = false;
  private refusing = false;
  private lastAcceptFailure = -Infinity;
  private readonly timer: NodeJS.Timeout;
  private readonly readLimit: () => number | null;
  /** One function for every socket's 'close', not a closure each. */
  private readonly closed = () => {
    this.connections -= 1;
    this.judge();
  };

  constructor(private readonly options: OpenFilesOptions) {
    this.readLimit = options.limit ?? readOpenFilesLimit;
    this.limitNow = this.readLimit();
    options.server.on('connection', (socket: Socket) => {
      this.connections += 1;
      // 'on', not 'once': close comes once anyway, and once's wrapper is two more objects per socket.
      socket.on('close', this.closed);
      this.judge();
    });
    options.server.on('error', (err: NodeJS.ErrnoException) => this.serverError(err));
    void this.recount();
    this.timer = setInterval(() => void this.recount(), RECOUNT_MS);
    this.timer.unref();
  }

  /** The open files now: the last exact count, give or take the connections since. */
  open(): number | null {
    return this.counted === null ? null : this.counted + this.connections - this.connectionsAtCount;
  }

  stats(): OpenFilesStats {
    return { open: this.open(), limit: this.limitNow, refuseAt: this.refuseAt() };
  }

  /** Whether a new socket would eat into the reserve: it is then refused (ws-server.ts, close code 1013). */
  full(): boolean {
    const open = this.open();
    const at = this.refuseAt();
    return open !== null && at !== null && open >= at;
  }

  close(): void {
    clearInterval(this.timer);
  }

  private refuseAt(): number | null {
    const limit = this.limitNow;
    if (limit === null) return null;
    const reserve = Math.min(this.options.reserve ?? 500, Math.floor(limit / 2));
    return limit - reserve;
  }

  private async recount(): Promise<void> {
    const connections = this.connections;
    const count = await countOpenFiles();
    this.limitNow = this.readLimit();
    if (count === null) return;
    this.counted = count;
    this.connectionsAtCount = connections;
    this.judge();
  }

  /** One line per crossing of the warning level and of the reserve, each way. */
  private judge(): void {
    const open = this.open();
    const limit = this.limitNow;
    if (open === null || limit === null) return;
    const refuseAt = this.refuseAt()!;
    const fields = { openFiles: open, limit, refuseAt };
    // Said before the first refusal, whatever the percentage.
    const warnAt = Math.min(Math.ceil((limit * this.options.warnPercent) / 100), refuseAt);
    if (!this.warned && open >= warnAt) {
      this.warned = true;
      this.options.logger.warn(
        fields,
        `open files near the process limit (${this.options.warnPercent}%): raise the limit (LimitNOFILE, ulimit -n) or add replicas`,
      );
    }
    // Each line is re-armed only well under its level, so a count hovering about it (a socket refused, its file
    // closed, the next one refused) does not log at every socket.
    const margin = Math.max(16, Math.ceil((limit - refuseAt) / 4));
    if (open >= refuseAt && !this.refusing) {
      this.refusing = true;
      this.options.logger.warn(fields, 'open files at the reserve: new WebSockets are refused (1013)');
    } else if (open < refuseAt - margin && this.refusing) {
      this.refusing = false;
      this.options.logger.info(fields, 'open files under the reserve again: new WebSockets are taken');
    }
    if (this.warned && !this.refusing && open < warnAt - margin) this.warned = false;
  }

  private serverError(err: NodeJS.ErrnoException): void {
    // Before it listens, the listen's own handler reports the error (server.ts, main.ts's listenFailure).
    if (!this.options.server.listening) return;
    if (err.syscall !== 'accept') {
      this.options.logger.error({ err: { code: err.code, message: err.message } }, 'server error');
      return;
    }
    const now = Date.now();
    if (now - this.lastAcceptFailure < ACCEPT_FAILURE_LOG_MS) return;
    this.lastAcceptFailure = now;
    this.options.logger.error(
      { code: err.code, openFiles: this.open(), limit: this.limitNow },
      'a connection could not be accepted (open-file limit): it was closed',
    );
  }
}
