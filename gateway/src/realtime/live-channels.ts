import type { GraphQLError } from 'graphql';
import PusherModule, { type Channel, type ChannelAuthorizationCallback } from 'pusher-js';
import { isAuthError } from '../errors.js';

// pusher-js ships CommonJS whose typings declare an ES default export: Node hands over module.exports itself.
type PusherClass = typeof PusherModule.default;
const Pusher: PusherClass =
  (PusherModule as unknown as { default?: PusherClass }).default ?? (PusherModule as unknown as PusherClass);
type PusherClient = InstanceType<PusherClass>;

/** What one watcher of a channel hears. */
export interface ChannelListener {
  /** An event the casino published on the channel (data already parsed from JSON). */
  event(name: string, data: unknown): void;
  /** The channel was subscribed again after the upstream connection came back: events may have been missed. */
  resubscribed(): void;
  /**
   * The channel is live for this watcher (its upstream subscription succeeded, or already had): from here on no
   * event is missed. Told once per watcher.
   */
  subscribed?(): void;
  /** The casino refused this watcher's session for the channel; it hears nothing more. */
  refused(error: GraphQLError): void;
}

/** Asks the casino's channel authorisation (upstream/broadcasting.ts) for a private channel's signature, with one subscriber's own token. */
export type ChannelAuthorizer = (
  token: string,
  socketId: string,
  channel: string,
) => Promise<{ auth: string }>;

export interface LiveChannelsOptions {
  /** ws(s):// or http(s):// address of the casino's live channels (host and port are used). */
  url: string;
  appKey: string;
  authorize: ChannelAuthorizer;
  logger: Pick<Console, 'info' | 'warn'>;
  /** Waits between reconnection attempts and channel re-subscriptions, growing to the last one. */
  backoffMs?: number[];
  /** A connection attempt that has not succeeded after this long is abandoned and retried after the backoff. */
  attemptTimeoutMs?: number;
  /**
   * Channels one upstream connection carries at most (the casino's servers refuse more, e.g. the sandbox's 100): a
   * full connection's next channel goes on another connection, opened when none has room.
   */
  maxChannelsPerConnection?: number;
}

interface Watcher {
  listener: ChannelListener;
  /** The subscriber's own token, for a private channel's authorisation; null on public channels. */
  token: string | null;
}

interface ChannelEntry {
  name: string;
  watchers: Set<Watcher>;
  channel: Channel;
  /** The upstream connection that carries this channel. */
  connection: UpstreamConnection;
  /** Set once the first subscription succeeded: a later success is a re-subscription after a reconnect. */
  subscribedOnce: boolean;
  retryTimer: NodeJS.Timeout | null;
  failures: number;
}

const DEFAULT_BACKOFF_MS = [250, 500, 1000, 2000, 4000, 8000, 15000];
const DEFAULT_MAX_CHANNELS_PER_CONNECTION = 100;
const isInternal = (event: string) => event.startsWith('pusher:') || event.startsWith('pusher_internal:');

/**
 * The gateway's connections to the casino's live channels, through the official pusher-js client. Channel
 * subscriptions are reference-counted: every watcher of a channel shares one upstream subscription, made when the
 * first watcher arrives and ended when the last leaves. A private channel is authorised with a current watcher's
 * own token; a token the casino refuses ends only that watcher. The first connection is opened with the first
 * watcher, and another whenever every open one carries maxChannelsPerConnection channels (1,000 players' own
 * channels take ten); a lost one is retried with growing waits; pusher-js re-subscribes its channels once it is
 * back, and their watchers are then told to catch up.
 */
/** The live channels' upstream side, as stats() reports it. */
export interface LiveChannelStats {
  /** The upstream connection's state: idle (never needed yet), connecting, connected, unavailable, ... */
  state: string;
  /** Upstream channel subscriptions, and the watchers sharing them. */
  channels: number;
  watchers: number;
  /** Times an upstream connection was established (each of them, reconnects included). */
  connections: number;
  /** Upstream connections open (each carries at most maxChannelsPerConnection channels). */
  upstreamConnections: number;
  /** Each upstream connection's state (pusher-js's: connecting, connected, unavailable, ...), for /readyz. */
  connectionStates: string[];
}

export class LiveChannels {
  private readonly connections: UpstreamConnection[] = [];
  private readonly channels = new Map<string, ChannelEntry>();
  private readonly maxChannels: number;
  private closed = false;

  constructor(private readonly options: LiveChannelsOptions) {
    this.maxChannels = options.maxChannelsPerConnection ?? DEFAULT_MAX_CHANNELS_PER_CONNECTION;
  }

  /** How many times an upstream connection was established (1 after the first; more after reconnects or growth). */
  get connectionCount(): number {
    return this.connections.reduce((sum, c) => sum + c.established, 0);
  }

  /** Starts hearing a channel; the returned function stops (the upstream subscription ends with its last watcher). */
  watch(name: string, listener: ChannelListener, token: string | null = null): () => void {
    if (this.closed) throw new Error('live channels are closed');
    const watcher: Watcher = { listener, token };
    const existing = this.channels.get(name);
    if (existing) {
      existing.watchers.add(watcher);
      // Already live: told after the caller has its stop function, as it would be for a new subscription.
      if (existing.subscribedOnce) {
        queueMicrotask(() => {
          if (existing.watchers.has(watcher)) listener.subscribed?.();
        });
      }
    } else this.subscribe(name, watcher);
    return () => this.unwatch(name, watcher);
  }

  /** Channels with at least one watcher, and their watcher counts (for tests, the bench, metrics and /readyz). */
  stats(): LiveChannelStats {
    let watchers = 0;
    for (const entry of this.channels.values()) watchers += entry.watchers.size;
    return {
      state: this.connections[0]?.state ?? 'idle',
      channels: this.channels.size,
      watchers,
      connections: this.connectionCount,
      upstreamConnections: this.connections.length,
      connectionStates: this.connections.map((c) => c.state),
    };
  }

  close(): void {
    this.closed = true;
    for (const entry of this.channels.values()) if (entry.retryTimer) clearTimeout(entry.retryTimer);
    this.channels.clear();
    for (const connection of this.connections) connection.close();
    this.connections.length = 0;
  }

  /** A connection with room for one more channel: the first such open one, or a new one. */
  private connectionWithRoom(): UpstreamConnection {
    for (const connection of this.connections)
      if (connection.channels.size < this.maxChannels) return connection;
    const connection = new UpstreamConnection(
      this.options,
      this.connections.length,
      (entry, socketId, callback) => void this.authorizeChannel(entry, socketId, callback),
    );
    this.connections.push(connection);
    return connection;
  }

  /** The first watcher of a channel subscribes it upstream (its token may be needed to authorise it at once). */
  private subscribe(name: string, first: Watcher): void {
    const connection = this.connectionWithRoom();
    const pusher = connection.client();
    // The channel object exists before the subscription is sent, so the handlers are bound before any reply.
    const channel = pusher.channel(name) ?? pusher.channels.add(name, pusher);
    const entry: ChannelEntry = {
      name,
      watchers: new Set([first]),
      channel,
      connection,
      subscribedOnce: false,
      retryTimer: null,
      failures: 0,
    };
    channel.bind('pusher:subscription_succeeded', () => {
      entry.failures = 0;
      const watchers = [...entry.watchers];
      if (entry.subscribedOnce) for (const w of watchers) w.listener.resubscribed();
      else for (const w of watchers) w.listener.subscribed?.();
      entry.subscribedOnce = true;
    });
    channel.bind('pusher:subscription_error', () => this.retrySubscription(entry));
    channel.bind_global((event: string, data: unknown) => {
      if (isInternal(event)) return;
      for (const w of [...entry.watchers]) w.listener.event(event, data);
    });
    this.channels.set(name, entry);
    connection.channels.set(name, entry);
    pusher.subscribe(name);
  }

  private unwatch(name: string, watcher: Watcher): void {
    const entry = this.channels.get(name);
    if (!entry || !entry.watchers.delete(watcher) || entry.watchers.size > 0) return;
    this.channels.delete(name);
    entry.connection.channels.delete(name);
    if (entry.retryTimer) clearTimeout(entry.retryTimer);
    entry.channel.unbind_all();
    entry.channel.unbind_global();
    entry.connection.pusher?.unsubscribe(name);
  }

  /**
   * pusher-js asks for a private channel's signature (on the first subscribe and on each re-subscribe after a
   * reconnect). The newest watcher's token is tried first; a token the casino refuses (401/403) ends its own
   * watcher and the next one is tried, so one signed-out tab never cuts off the player's other tabs.
   */
  private async authorizeChannel(
    entry: ChannelEntry | undefined,
    socketId: string,
    callback: ChannelAuthorizationCallback,
  ) {
    const candidates = entry ? [...entry.watchers].reverse().filter((w) => w.token) : [];
    for (const watcher of candidates) {
      if (!entry!.watchers.has(watcher)) continue;
      try {
        const auth = await this.options.authorize(watcher.token!, socketId, entry!.name);
        callback(null, auth);
        return;
      } catch (err) {
        if (!isAuthError(err)) {
          callback(err instanceof Error ? err : new Error(String(err)), null);
          return;
        }
        this.refuse(entry!, watcher, err);
      }
    }
    callback(new Error(`no session may subscribe to ${entry?.name ?? 'this channel'}`), null);
  }

  private refuse(entry: ChannelEntry, watcher: Watcher, error: GraphQLError): void {
    this.unwatch(entry.name, watcher);
    watcher.listener.refused(error);
  }

  /** A refused or failed subscription is tried again after a growing wait, while the channel has watchers. */
  private retrySubscription(entry: ChannelEntry): void {
    if (this.closed || this.channels.get(entry.name) !== entry || entry.retryTimer) return;
    const backoff = this.options.backoffMs ?? DEFAULT_BACKOFF_MS;
    const wait = backoff[Math.min(entry.failures, backoff.length - 1)]!;
    entry.failures += 1;
    this.options.logger.warn(`live channel ${entry.name}: subscription failed; retrying in ${wait} ms`);
    entry.retryTimer = setTimeout(() => {
      entry.retryTimer = null;
      const pusher = entry.connection.pusher;
      if (this.channels.get(entry.name) === entry && pusher?.connection.state === 'connected') {
        pusher.subscribe(entry.name);
      }
    }, wait);
    entry.retryTimer.unref();
  }
}

/** Asks for the signature of one of a connection's channels (see LiveChannels.authorizeChannel). */
type ConnectionAuthorizer = (
  entry: ChannelEntry | undefined,
  socketId: string,
  callback: ChannelAuthorizationCallback,
) => void;

/** One pusher-js connection and the channels it carries, with its own reconnection timing. */
class UpstreamConnection {
  pusher: PusherClient | null = null;
  readonly channels = new Map<string, ChannelEntry>();
  private readonly backoff: number[];
  private readonly attemptTimeoutMs: number;
  private reconnectAttempt = 0;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private attemptTimer: NodeJS.Timeout | null = null;
  private closed = false;
  /** How many times this connection was established (1 after the first; more after reconnects). */
  established = 0;

  constructor(
    private readonly options: LiveChannelsOptions,
    private readonly index: number,
    private readonly authorize: ConnectionAuthorizer,
  ) {
    this.backoff = options.backoffMs ?? DEFAULT_BACKOFF_MS;
    this.attemptTimeoutMs = options.attemptTimeoutMs ?? 3000;
  }

  get state(): string {
    return this.pusher?.connection.state ?? 'idle';
  }

  client(): PusherClient {
    if (this.pusher) return this.pusher;
    const url = new URL(this.options.url);
    const tls = url.protocol === 'wss:' || url.protocol === 'https:';
    const port = Number(url.port) || (tls ? 443 : 80);
    const pusher = new Pusher(this.options.appKey, {
      // pusher-js wants a cluster even when the host is given; it is not used with wsHost.
      cluster: 'casino',
      wsHost: url.hostname,
      wsPort: port,
      wssPort: port,
      forceTLS: tls,
      enabledTransports: [tls ? 'wss' : 'ws'],
      disableStats: true,
      channelAuthorization: {
        customHandler: ({ socketId, channelName }, callback) =>
          this.authorize(this.channels.get(channelName), socketId, callback),
      },
    });
    pusher.connection.bind('state_change', ({ current }: { previous: string; current: string }) =>
      this.onState(current),
    );
    this.pusher = pusher;
    return pusher;
  }

  close(): void {
    this.closed = true;
    this.clearReconnect();
    this.channels.clear();
    this.pusher?.disconnect();
    this.pusher = null;
  }

  private get label(): string {
    return this.index === 0 ? 'live channels' : `live channels (connection ${this.index + 1})`;
  }

  /**
   * pusher-js retries a dropped connection after a second, but a refused or silent attempt can hang for 15 s
   * before its next try. An attempt that has not connected within attemptTimeoutMs is abandoned, and the next one
   * waits along the backoff; a connection that comes back resets it.
   */
  private onState(state: string): void {
    if (this.closed) return;
    if (state === 'connected') {
      this.established += 1;
      if (this.reconnectAttempt > 0) this.options.logger.info(`${this.label}: upstream connection is back`);
      this.clearReconnect();
      this.reconnectAttempt = 0;
      return;
    }
    if ((state === 'connecting' || state === 'unavailable') && !this.attemptTimer && !this.reconnectTimer) {
      this.attemptTimer = setTimeout(() => this.scheduleReconnect(), this.attemptTimeoutMs).unref();
    }
    if ((state === 'disconnected' || state === 'failed') && !this.reconnectTimer) this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || !this.pusher) return;
    this.clearReconnect();
    const wait = this.backoff[Math.min(this.reconnectAttempt, this.backoff.length - 1)]!;
    this.reconnectAttempt += 1;
    this.options.logger.warn(`${this.label}: upstream unreachable; reconnecting in ${wait} ms`);
    const pusher = this.pusher;
    // disconnect() keeps the channel list; connect() re-subscribes every channel once connected.
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.closed || this.pusher !== pusher) return;
      pusher.connect();
      this.attemptTimer ??= setTimeout(() => this.scheduleReconnect(), this.attemptTimeoutMs).unref();
    }, wait);
    this.reconnectTimer.unref();
    if (pusher.connection.state !== 'disconnected') pusher.disconnect();
  }

  private clearReconnect(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.attemptTimer) clearTimeout(this.attemptTimer);
    this.reconnectTimer = null;
    this.attemptTimer = null;
  }
}
