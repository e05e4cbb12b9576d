import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { until } from './harness.js';
import { startReplica, type Replica } from './replica-process.js';

/**
 * One gateway process under a real, low open-file limit (prlimit, as a container's or systemd's LimitNOFILE sets
 * it): sockets are taken until the reserve, then refused with 1013 Try Again Later, while HTTP still answers; past
 * the limit itself accept() fails and the process carries on; once sockets close, new ones are taken again.
 */
const LIMIT = 256;
const RESERVE = 64;
const canRun = process.platform === 'linux' && fs.existsSync('/usr/bin/prlimit');

interface Opened {
  ws: WebSocket;
  /** Resolves with the close code and reason, or 'ack' once graphql-ws acknowledged the connection. */
  outcome: Promise<{ code: number; reason: string } | 'ack'>;
}

/** A graphql-transport-ws socket, as the site opens one: acknowledged, or closed by the gateway. */
function openSocket(url: string): Opened {
  const ws = new WebSocket(`${url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
  const outcome = new Promise<{ code: number; reason: string } | 'ack'>((resolve) => {
    ws.on('open', () => ws.send(JSON.stringify({ type: 'connection_init', payload: {} })));
    ws.on('message', (data) => {
      if ((JSON.parse(String(data)) as { type: string }).type === 'connection_ack') resolve('ack');
    });
    ws.on('close', (code, reason) => resolve({ code, reason: String(reason) }));
    ws.on('error', () => {});
  });
  return { ws, outcome };
}

const metric = (text: string, name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(text)?.[1]);

describe.skipIf(!canRun)('the gateway at its open-file limit', () => {
  let gateway: Replica;
  const sockets: WebSocket[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'open-files-test-'));

  beforeAll(async () => {
    gateway = await startReplica(
      {
        CASINO_API_URL: 'http://127.0.0.1:9',
        GATEWAY_OPEN_FILES_RESERVE: String(RESERVE),
        GATEWAY_OPEN_FILES_WARN_PERCENT: '70',
        USAGE_STORE: path.join(dataDir, 'usage.json'),
        RATE_LIMITS: '0',
        LOG_LEVEL: 'info',
      },
      ['prlimit', `--nofile=${LIMIT}:${LIMIT}`, '--'],
    );
  }, 60_000);

  afterAll(async () => {
    for (const ws of sockets) ws.terminate();
    await gateway?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses new sockets with 1013 at the reserve, answers HTTP, survives the limit, and takes sockets again', async () => {
    // Sockets ten at a time until one is refused: the reserve starts LIMIT - RESERVE open files in.
    let refused: { code: number; reason: string } | null = null;
    while (!refused) {
      expect(sockets.length).toBeLessThan(LIMIT);
      const batch = Array.from({ length: 10 }, () => openSocket(gateway.url));
      sockets.push(...batch.map((b) => b.ws));
      for (const outcome of await Promise.all(batch.map((b) => b.outcome))) {
        if (outcome !== 'ack') refused ??= outcome;
      }
    }
    expect(refused).toEqual({ code: 1013, reason: 'Try Again Later: this server is at its open-file limit' });
    const accepted = sockets.filter((ws) => ws.readyState === WebSocket.OPEN);
    expect(accepted.length).toBeGreaterThan(LIMIT - RESERVE - 60);

    // HTTP keeps its reserve: the health check, a query and the metrics answer.
    expect((await fetch(`${gateway.url}/healthz`)).status).toBe(200);
    const query = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(await query.json()).toMatchObject({ data: { __typename: 'Query' } });
    const metrics = await (await fetch(`${gateway.url}/metrics`)).text();
    expect(metric(metrics, 'gateway_open_files_limit')).toBe(LIMIT);
    // The refused sockets of the last batch have closed by now: the count is just under the reserve.
    expect(metric(metrics, 'gateway_open_files')).toBeGreaterThan(LIMIT - RESERVE - 20);
    expect(metric(metrics, 'gateway_refused_sockets_total')).toBeGreaterThanOrEqual(1);
    expect(gateway.log()).toMatch(/"openFiles":\d+.*open files near the process limit \(70%\)/);
    expect(gateway.log()).toContain('open files at the reserve: new WebSockets are refused (1013)');

    // Past the limit itself (plain connections, which the reserve does not turn away): accept() fails with EMFILE,
    // libuv accepts the connection on a descriptor it keeps spare and closes it, and the process carries on.
    const raw: net.Socket[] = [];
    let closedByGateway = false;
    let closing = false;
    for (let i = 0; i < RESERVE + 20; i += 1) {
      const socket = net.connect({ host: '127.0.0.1', port: Number(new URL(gateway.url).port) });
      socket.on('error', () => {});
      socket.on('close', () => (closedByGateway ||= !closing));
      raw.push(socket);
    }
    await until(() => closedByGateway, 'a connection past the limit to be closed', 10_000);
    closing = true;
    for (const socket of raw) socket.destroy();
    expect(gateway.log().match(/open files at the reserve/g)).toHaveLength(1);

    // Sockets closed: new ones are taken again, and the gateway says so.
    for (const ws of sockets.splice(0)) ws.close();
    const taken = async () => {
      const again = openSocket(gateway.url);
      sockets.push(again.ws);
      return (await again.outcome) === 'ack';
    };
    await until(taken, 'a socket to be taken again', 10_000);
    await until(() => gateway.log().includes('open files under the reserve again'), 'the line saying so');
    expect((await fetch(`${gateway.url}/healthz`)).status).toBe(200);
  }, 30_000);
});
