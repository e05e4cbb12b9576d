import type { WebSocket, WebSocketServer } from 'ws';

/** The sockets are pinged in this many slices over each interval, so no one tick writes to every socket at once. */
const SLICES = 12;

/**
 * Server pings for every socket of `wss`, from one timer: each socket is pinged once per `intervalMs`, and one that has
 * not answered its previous ping by the next is terminated (a dead peer, or a proxy that dropped it), as graphql-ws's
 * own keep-alive does. graphql-ws's keeps an interval and a timeout per socket with closures around them (about
 * 0.5 KiB of heap per socket); here a socket costs an entry in a set and two listeners shared by all. Pinging a
 * slice each interval/SLICES spreads 19,000 pings over the interval instead of writing them in one burst.
 */
export function keepAlive(wss: WebSocketServer, intervalMs: number): { stop(): void } {
  const slices: Set<WebSocket>[] = Array.from({ length: SLICES }, () => new Set());
  const unanswered = new WeakSet<WebSocket>();
  let joined = 0;
  let turn = 0;
  function answered(this: WebSocket) {
    unanswered.delete(this);
  }
  function left(this: WebSocket) {
    for (const slice of slices) slice.delete(this);
  }
  const onConnection = (socket: WebSocket) => {
    slices[joined++ % SLICES]!.add(socket);
    socket.on('pong', answered);
    // 'on', not 'once': close comes once anyway, and once's wrapper is two more objects per socket.
    socket.on('close', left);
  };
  wss.on('connection', onConnection);
  const timer = setInterval(
    () => {
      for (const socket of slices[turn++ % SLICES]!) {
        if (socket.readyState !== socket.OPEN) continue;
        if (unanswered.has(socket)) {
          socket.terminate();
          continue;
        }
        unanswered.add(socket);
        socket.ping();
      }
    },
    Math.max(1, Math.round(intervalMs / SLICES)),
  );
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      wss.off('connection', onConnection);
    },
  };
}
