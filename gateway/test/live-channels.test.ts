import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../sandbox/src/app.js';
import { LiveChannels } from '../src/realtime/live-channels.js';
import { until } from './harness.js';

/*
 * The casino's live-channel servers carry a limited number of channels per connection (the sandbox's 100): 1,000
 * players' own channels need several upstream connections, opened as the open ones fill up.
 */
describe('LiveChannels over several upstream connections', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'live-channels-test-'));
    sandbox = await createSandbox({ config: { port: 0, host: '127.0.0.1', dataDir, control: true } });
  });
  afterAll(() => sandbox.close());

  it('puts each channel on a connection with room, and every channel hears its own events', async () => {
    const live = new LiveChannels({
      url: sandbox.url,
      appKey: 'sandbox-key',
      authorize: () => Promise.reject(new Error('public channels only')),
      logger: { info: () => {}, warn: () => {} },
      maxChannelsPerConnection: 2,
    });
    const heard = new Map<string, unknown[]>();
    const names = [1, 2, 3, 4, 5].map((n) => `tournament.${n}`);
    const live1 = new Set<string>();
    const stops = names.map((name) =>
      live.watch(name, {
        event: (_event, data) => heard.set(name, [...(heard.get(name) ?? []), data]),
        resubscribed: () => {},
        subscribed: () => live1.add(name),
        refused: () => {},
      }),
    );
    await until(() => live1.size === 5, 'every channel live');
    expect(live.stats()).toMatchObject({ channels: 5, watchers: 5, upstreamConnections: 3 });
    for (const name of names) expect(sandbox.pusher.subscriberCount(name)).toBe(1);

    for (const [i, name] of names.entries()) {
      await fetch(`${sandbox.url}/sandbox/publish`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ channel: name, event: 'tournamentUpdated', data: { n: i } }),
      });
    }
    await until(() => names.every((name) => heard.has(name)), 'an event on every channel');
    expect(names.map((name) => heard.get(name))).toEqual(names.map((_, i) => [{ n: i }]));

    // A channel that leaves makes room on its connection: the next one goes there, not on a fourth.
    stops[0]!();
    await until(() => sandbox.pusher.subscriberCount('tournament.1') === 0, 'the unsubscribe');
    const stopSixth = live.watch('tournament.6', {
      event: () => {},
      resubscribed: () => {},
      refused: () => {},
    });
    expect(live.stats()).toMatchObject({ channels: 5, upstreamConnections: 3 });
    stopSixth();
    for (const stop of stops.slice(1)) stop();
    expect(live.stats()).toMatchObject({ channels: 0, watchers: 0 });
    live.close();
  });
});
