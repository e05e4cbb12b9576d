import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPES } from '../src/domain/notifications.js';
import { api, newPlayer, startSandbox } from './harness.js';

let sb: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sb = await startSandbox();
});
afterAll(() => sb.close());

const unread = (list: any[]) => list.filter((n) => n.read_at === null).length;

describe('notifications', () => {
  it('gives the demo player one of each of the 15 types, some unread', async () => {
    const login = await api(sb.url, 'POST', '/api/login', {
      body: { email: 'demo@playlive.test', password: 'PlayLive-demo-1' },
    });
    const list = await api(sb.url, 'GET', '/api/userNotifications/false', {
      token: login.body.success.token,
    });
    const types = new Set(list.body.map((n: any) => n.user_notification.type));
    // Every type but a returned deposit's, which only a real refund sends (test/side-doors.test.ts).
    const seeded = NOTIFICATION_TYPES.filter((t) => t !== 'deposit_refunded');
    expect(seeded).toHaveLength(15);
    expect([...types].sort()).toEqual([...seeded].sort());
    expect(unread(list.body)).toBeGreaterThan(0);
    expect(list.body[0]).toMatchObject({
      id: expect.any(Number),
      created_at: expect.stringMatching(/Z$/),
      user_notification: { message: expect.any(String), subject: expect.any(String), status: 'sent' },
    });
  });

  it('marks everything read when fetched with flag true, and only then', async () => {
    const p = await newPlayer(sb.url);
    await api(sb.url, 'POST', '/sandbox/notifications', {
      token: p.token,
      body: { type: 'cashback', message: 'R10 back' },
    });
    const peek = await api(sb.url, 'GET', '/api/userNotifications/false', { token: p.token });
    expect(unread(peek.body)).toBe(2); // the welcome message and the cashback
    const open = await api(sb.url, 'GET', '/api/userNotifications/true', { token: p.token });
    expect(unread(open.body)).toBe(0);
    const other = await newPlayer(sb.url);
    const theirs = await api(sb.url, 'GET', '/api/userNotifications/false', { token: other.token });
    expect(theirs.body).toHaveLength(1);
    expect(unread(theirs.body)).toBe(1);
  });

  it('rejects a flag that is not a boolean and guests', async () => {
    const p = await newPlayer(sb.url);
    expect((await api(sb.url, 'GET', '/api/userNotifications/maybe', { token: p.token })).status).toBe(422);
    expect((await api(sb.url, 'GET', '/api/userNotifications/true')).status).toBe(401);
  });
});
