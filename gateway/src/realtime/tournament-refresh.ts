import type { TournamentModel } from '../models.js';
import type { LiveChannels } from './live-channels.js';

/** The public live channel of one tournament; its events carry a refresh flag. */
export const tournamentChannel = (id: number) => `tournament.${id}`;

type OnTournament = (tournament: TournamentModel) => void;

interface Watched {
  listeners: Set<OnTournament>;
  stopChannel: () => void;
  timer: NodeJS.Timeout | null;
  /** Fires when the tournament's stage next changes on the clock. */
  stageTimer: NodeJS.Timeout | null;
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
  /** The instant a tournament's stage next changes (domain/tournament-stage.ts), null once it has ended. */
  nextStageAt(tournament: TournamentModel): Date | null;
  clock: () => Date;
  logger: Pick<Console, 'warn'>;
}

/** setTimeout's longest delay (about 24.8 days): a later stage change is rescheduled when this one fires. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/**
 * Tournaments being watched. Every watcher of a tournament shares one channel subscription and one refetch: a
 * refresh flag starts a short window, the flags within it (a burst of spins) make one GET of the progress, and
 * flags arriving while it loads make exactly one more. After the upstream connection came back the progress is
 * refetched too, since flags may have been missed. The stage changes on the clock with no flag at all (registration
 * opens, the tournament starts or ends), so watchers are also sent the tournament at its next stage change.
 */
export class TournamentRefresh {
  private readonly watched = new Map<number, Watched>();

  constructor(private readonly options: TournamentRefreshOptions) {}

  /** `known`: the tournament as the watcher found it, to time its first stage change without a fetch. */
  watch(id: number, onTournament: OnTournament, known?: TournamentModel): () => void {
    let w = this.watched.get(id);
    if (!w) {
      const entry: Watched = {
        listeners: new Set(),
        stopChannel: () => {},
        timer: null,
        stageTimer: null,
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
      if (known) this.scheduleStageChange(id, entry, known);
    }
    w.listeners.add(onTournament);
    return () => {
      const current = this.watched.get(id);
      if (!current?.listeners.delete(onTournament) || current.listeners.size > 0) return;
      if (current.timer) clearTimeout(current.timer);
      if (current.stageTimer) clearTimeout(current.stageTimer);
      current.stopChannel();
      this.watched.delete(id);
    };
  }

  close(): void {
    for (const w of this.watched.values()) {
      if (w.timer) clearTimeout(w.timer);
      if (w.stageTimer) clearTimeout(w.stageTimer);
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
      if (tournament && this.watched.get(id) === w) {
        this.scheduleStageChange(id, w, tournament);
        for (const listener of [...w.listeners]) listener(tournament);
      }
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

  /** Refetches (and so pushes) the tournament just after its stage next changes; replaces any earlier timing. */
  private scheduleStageChange(id: number, w: Watched, tournament: TournamentModel): void {
    if (w.stageTimer) clearTimeout(w.stageTimer);
    w.stageTimer = null;
    const at = this.options.nextStageAt(tournament);
    if (!at) return;
    // A few milliseconds past the instant, so the result's "now" is surely in the new stage.
    const delay = Math.max(0, at.getTime() - this.options.clock().getTime()) + 5;
    w.stageTimer = setTimeout(
      () => {
        w.stageTimer = null;
        if (delay > MAX_DELAY_MS) this.scheduleStageChange(id, w, tournament);
        else void this.load(id, w);
      },
      Math.min(delay, MAX_DELAY_MS),
    );
  }
}

/** The casino's tournament events say `{ refresh: true }`; anything else on the channel is not a refresh. */
function isRefresh(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { refresh?: unknown }).refresh === true;
}
