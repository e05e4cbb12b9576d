import type { ExecutionResult } from 'graphql';

/**
 * A result many subscribers receive, serialized once: its JSON is made on first use and each graphql-ws `next`
 * message is that JSON behind the operation's id. Consecutive members with the same operation id (as clients
 * numbering their operations from 1 have) get the very same bytes.
 */
export class SharedPayload {
  private json: string | null = null;
  private lastId: string | null = null;
  private lastFrame: Buffer | null = null;

  constructor(private readonly result: ExecutionResult) {}

  /** The graphql-transport-ws `next` message of this result for operation `id`. */
  nextMessage(id: string): Buffer {
    if (id === this.lastId) return this.lastFrame!;
    this.json ??= JSON.stringify(this.result);
    this.lastId = id;
    return (this.lastFrame = Buffer.from(
      `{"id":${JSON.stringify(id)},"type":"next","payload":${this.json}}`,
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
