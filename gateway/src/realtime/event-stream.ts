/** One step of an event stream: the value to send, and whether it is the last. */
export interface Step<T> {
  value: T;
  last?: boolean;
}

/**
 * Maps a feed of live messages into the events a subscription sends, one at a time: the next message is taken
 * only when the previous event has been sent, so each event is resolved on its own (see GatewayContext.renew).
 * Unlike an async generator, `return` takes effect at once even while waiting for a message, so a subscriber that
 * leaves releases its upstream channel immediately, not at the channel's next event.
 */
export function eventStream<M, T>(
  feed: AsyncIterableIterator<M>,
  step: (message: M) => Promise<Step<T>>,
): AsyncIterableIterator<T> {
  let done = false;
  const finish = async (): Promise<IteratorReturnResult<undefined>> => {
    done = true;
    await feed.return?.();
    return { done: true, value: undefined };
  };
  return {
    [Symbol.asyncIterator]() {
      return this;
    },
    async next() {
      if (done) return { done: true, value: undefined };
      const message = await feed.next();
      if (message.done || done) return finish();
      const { value, last } = await step(message.value);
      if (last) await finish();
      return { done: false, value };
    },
    return: finish,
    async throw(err: unknown) {
      await finish();
      throw err;
    },
  };
}
