import type { TournamentModel } from '../models.js';
import type { LiveChannels } from './live-channels.js';

/** The public live channel of one tournament; its events carry a refresh flag. */
export const tournamentChannel = (id: number) => `tournament.${id}`;

type OnTournament = (tournament: TournamentModel) => void;

interface Watched {
  listeners: Set<OnTournament>;
  stopChannel: () => void;
  timer: NodeJS.Timeout | null;
  loading: boolean;
  /** A refresh arrived while loading: load once more afterwards. */
  stale: boolean;
}

export interface TournamentRefreshOptions {
  live: LiveChannels;
  /** The tournament's progress as a guest sees it (shared by every watcher); null when it is gone. */
  load(id: number): Promise<TournamentModel | null>;
  /** Refresh flags within this window are one refetch. */
  coalesceMs: number;
  logger: Pick<Console, 'warn'>;
}

/**
 * Tournaments being watched. Every watcher of a tournament shares one channel subscription and one refetch: a
 * refresh flag starts a short window, the flags within it (a burst of spins) make one GET of the progress, and
 * flags arriving while it loads make exactly one more. After the upstream connection came back the progress is
 * refetched too, since flags may have been missed.
 */
export class TournamentRefresh {
  private readonly watched = new Map<number, Watched>();

  constructor(private readonly options: TournamentRefreshOptions) {}

  watch(id: number, onTournament: OnTournament): () => void {
    let w = this.watched.get(id);
    if (!w) {
      const entry: Watched = {
        listeners: new Set(),
        stopChannel: () => {},
        timer: null,
        loading: false,
        stale: false,
      };
      entry.stopChannel = this.options.live.watch(tournamentChannel(id), {
        event: (_name, data) => {
          if (isRefresh(data)) this.refresh(id, entry);
        },
        resubscribed: () => this.refresh(id, entry),
        refused: () => {}, // a public channel needs no authorisation, so nothing is ever refused
      });
      this.watched.set(id, (w = entry));
    }
    w.listeners.add(onTournament);
    return () => {
      const current = this.watched.get(id);
      if (!current?.listeners.delete(onTournament) || current.listeners.size > 0) return;
      if (current.timer) clearTimeout(current.timer);
      current.stopChannel();
      this.watched.delete(id);
    };
  }

  close(): void {
    for (const w of this.watched.values()) {
      if (w.timer) clearTimeout(w.timer);
      w.stopChannel();
    }
    this.watched.clear();
  }

  private refresh(id: number, w: Watched): void {
    if (w.loading) {
      w.stale = true;
      return;
    }
    w.timer ??= setTimeout(() => {
      w.timer = null;
      void this.load(id, w);
    }, this.options.coalesceMs);
  }

  private async load(id: number, w: Watched): Promise<void> {
    w.loading = true;
    try {
      const tournament = await this.options.load(id);
      if (tournament && this.watched.get(id) === w)
        for (const listener of [...w.listeners]) listener(tournament);
    } catch (err) {
      // The next flag (or the next reconnect) refetches; watchers keep what they have.
      this.options.logger.warn(`tournament ${id}: progress refetch failed (${(err as Error).message})`);
    } finally {
      w.loading = false;
      if (w.stale && this.watched.get(id) === w) {
        w.stale = false;
        this.refresh(id, w);
      }
    }
  }
}

/** The casino's tournament events say `{ refresh: true }`; anything else on the channel is not a refresh. */
function isRefresh(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { refresh?: unknown }).refresh === true;
}
