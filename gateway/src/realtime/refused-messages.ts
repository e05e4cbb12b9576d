import { CloseCode } from 'graphql-ws';
import type { WebSocket } from 'ws';

export interface RefusalLogger {
  warn(message: string): void;
}

/**
 * One log line, never a stack trace, for each message a socket refuses; the socket is closed with a code that says
 * why. Call it once graphql-ws has taken the socket (after the server's 'connection' event).
 *
 * - A frame ws refuses (over maxPayload: 1009, text that is not UTF-8: 1007, a broken frame: 1002): ws has already
 *   closed the socket with that code when it emits the error; graphql-ws's own listener would write the error's
 *   whole stack to the log for what is a client's mistake, so it is replaced.
 * - A message graphql-ws cannot read (not JSON, not one of the protocol's messages): it closes the socket with 4400
 *   and writes nothing; the line says so.
 *
 * The line names what was refused, never the message's content (it may carry a token) or the client's address.
 */
export function logRefusedMessages(socket: WebSocket, logger: RefusalLogger): void {
  socket.removeAllListeners('error');
  socket.on('error', (err: Error & { code?: string }) => {
    logger.warn(`WebSocket message refused: ${err.message} (${err.code ?? 'WS_ERROR'}); socket closed`);
    // ws closes on every receive error it emits; anything else (none known) is closed as a policy violation.
    if (socket.readyState === socket.OPEN) socket.close(1008, 'Message refused');
  });
  const close = socket.close.bind(socket);
  socket.close = (code?: number, reason?: string | Buffer) => {
    // Only graphql-ws's own close: ws calls close again with the code the client echoes back.
    if (code === CloseCode.BadRequest && socket.readyState === socket.OPEN) {
      logger.warn(`WebSocket message refused: not a graphql-transport-ws message (closed ${code})`);
    }
    close(code, reason);
  };
}
