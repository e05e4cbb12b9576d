import type { ExecutionResult } from 'graphql';

/**
 * A result many subscribers receive, serialized once: its JSON is made on first use and each graphql-ws `next`
 * message is that JSON behind the operation's id, framed once. Consecutive members with the same operation id (as
 * clients numbering their operations from 1 have) get the very same bytes.
 *
 * What it earns (`npm run bench -- --only subscriptions`, 10,000 watchers of one tournament, 30 rounds, the same
 * machine and hour): the last watcher has each update after 270 ms (median of rounds) against 528 ms when every
 * member's message was serialized by itself; rounds of one run vary by about ±20 %. See docs/benchmarks.md.
 */
export class SharedPayload {
  private json: string | null = null;
  private lastId: string | null = null;
  private lastFrame: Buffer | null = null;

  constructor(private readonly result: ExecutionResult) {}

  /**
   * The graphql-transport-ws `next` message of this result for operation `id`, as a whole WebSocket frame (an
   * unmasked final text frame, as a server sends it): written to a member's socket as it is.
   */
  nextFrame(id: string): Buffer {
    if (id === this.lastId) return this.lastFrame!;
    this.json ??= JSON.stringify(this.result);
    this.lastId = id;
    return (this.lastFrame = textFrame(
      Buffer.from(`{"id":${JSON.stringify(id)},"type":"next","payload":${this.json}}`),
    ));
  }
}

const payloads = new WeakMap<ExecutionResult, SharedPayload>();

/** The one serialization of a shared result. */
export function sharedPayloadOf(result: ExecutionResult): SharedPayload {
  let payload = payloads.get(result);
  if (!payload) payloads.set(result, (payload = new SharedPayload(result)));
  return payload;
}

/** An unmasked, final WebSocket text frame (RFC 6455, 5.2) around `payload`. */
function textFrame(payload: Buffer): Buffer {
  const n = payload.length;
  const headerLength = n < 126 ? 2 : n < 65536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + n);
  frame[0] = 0x81;
  if (n < 126) frame[1] = n;
  else if (n < 65536) {
    frame[1] = 126;
    frame.writeUInt16BE(n, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(n), 2);
  }
  payload.copy(frame, headerLength);
  return frame;
}
