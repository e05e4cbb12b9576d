/**
 * What a phone on a slow link gets: a screen-sized response gzipped when the client accepts it, the same JSON once
 * unpacked; small responses, clients without gzip and live streams (SSE) left as they are.
 */
import http from 'node:http';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptsGzip } from '../src/http/compression.js';
import { signUp, startStack, type Stack } from './harness.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack();
});
afterAll(() => stack.close());

/** A raw POST (fetch would unpack the body itself): status, headers and the bytes as sent. */
function post(body: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const req = http.request(
        `${stack.gateway.url}/graphql`,
        { method: 'POST', headers: { 'content-type': 'application/json', ...headers } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        },
      );
      req.on('error', reject);
      req.end(body);
    },
  );
}

const SCREEN = JSON.stringify({
  query: '{ games(first: 40) { edges { node { id name image provider { name } } } } }',
});
const SMALL = JSON.stringify({ query: '{ __typename }' });

describe('response compression', () => {
  it('gzips a screen-sized response for a client that accepts gzip, the same JSON once unpacked', async () => {
    const plain = await post(SCREEN, {});
    const packed = await post(SCREEN, { 'accept-encoding': 'gzip, deflate, br' });
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(packed.headers['content-encoding']).toBe('gzip');
    expect(packed.headers.vary).toMatch(/accept-encoding/i);
    const unpacked = zlib.gunzipSync(packed.body);
    expect(JSON.parse(unpacked.toString()).data).toEqual(JSON.parse(plain.body.toString()).data);
    expect(JSON.parse(unpacked.toString()).data.games.edges).toHaveLength(40);
    expect(packed.body.length).toBeLessThan(plain.body.length / 3);
  });

  it("gives each response its own bytes when guests' responses are kept gzipped: a player asking the same address gets theirs", async () => {
    const address = `/graphql?${new URLSearchParams({
      query: '{ viewer { id } games(first: 30) { edges { node { id name isFavourite } } } }',
    })}`;
    const get = (headers: Record<string, string> = {}) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(
            `${stack.gateway.url}${address}`,
            { headers: { 'accept-encoding': 'gzip', 'x-graphql-yoga-csrf': '1', ...headers } },
            (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (c: Buffer) => chunks.push(c));
              res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
            },
          )
          .on('error', reject);
      });
    const unpacked = (res: { headers: http.IncomingHttpHeaders; body: Buffer }) => {
      expect(res.headers['content-encoding']).toBe('gzip');
      return JSON.parse(zlib.gunzipSync(res.body).toString());
    };
    const { token } = await signUp(stack, 'Gzip Player');
    const gameId = unpacked(await get()).data.games.edges[0].node.id;
    await stack.gql(
      'mutation($id: ID!) { toggleFavourite(input: { gameId: $id }) { isFavourite } }',
      { id: gameId },
      { token },
    );

    for (let round = 0; round < 2; round++) {
      const guest = unpacked(await get());
      expect(guest.data.viewer).toBeNull();
      expect(guest.data.games.edges[0].node).toMatchObject({ id: gameId, isFavourite: false });
      const mine = unpacked(await get({ authorization: `Bearer ${token}` }));
      expect(mine.data.viewer).not.toBeNull();
      expect(mine.data.games.edges[0].node).toMatchObject({ id: gameId, isFavourite: true });
    }
  });

  it('leaves small responses and clients that refuse gzip uncompressed', async () => {
    const small = await post(SMALL, { 'accept-encoding': 'gzip' });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(small.body.toString()).data).toEqual({ __typename: 'Query' });
    const refused = await post(SCREEN, { 'accept-encoding': 'gzip;q=0, identity' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(refused.body.toString()).data.games.edges).toHaveLength(40);
  });

  it('never holds back a live stream: SSE events arrive uncompressed as they happen', async () => {
    const res = await fetch(`${stack.gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'accept-encoding': 'gzip' },
      body: JSON.stringify({ query: 'subscription { tournamentUpdated(id: "VG91cm5hbWVudDox") { id } }' }),
    });
    expect(res.headers.get('content-type')).toMatch(/text\/event-stream/);
    // Yoga marks its streams `none` so that proxies do not compress (and buffer) them either.
    expect(res.headers.get('content-encoding') ?? 'none').toBe('none');
    await res.body?.cancel();
  });

  it('reads Accept-Encoding as HTTP defines it', () => {
    expect(acceptsGzip('gzip')).toBe(true);
    expect(acceptsGzip('br, GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('br, deflate')).toBe(false);
    expect(acceptsGzip('')).toBe(false);
    expect(acceptsGzip(null)).toBe(false);
  });
});
