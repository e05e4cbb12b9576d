import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createSandbox, type Sandbox } from '../../sandbox/src/app.js';
import type { GatewayConfig } from '../src/config.js';
import { createGateway, type Gateway } from '../src/server.js';

export interface Stack {
  sandbox: Sandbox;
  gateway: Gateway;
  /** POST /graphql as a client does; answers the parsed body and the status. */
  gql<T = any>(
    query: string,
    variables?: Record<string, unknown>,
    options?: { token?: string | null; headers?: Record<string, string> },
  ): Promise<{ status: number; data: T; errors?: any[]; extensions?: any }>;
  close(): Promise<void>;
}

/** The real sandbox and the real gateway in front of it, each on an ephemeral loopback port. */
export async function startStack(
  options: { gateway?: Partial<GatewayConfig>; clock?: () => Date; sandboxClock?: () => Date } = {},
): Promise<Stack> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-test-'));
  const sandbox = await createSandbox({
    config: { port: 0, host: '127.0.0.1', dataDir, control: true },
    ...(options.sandboxClock ? { clock: options.sandboxClock } : {}),
  });
  const gateway = await createGateway({
    config: {
      port: 0,
      host: '127.0.0.1',
      casinoApiUrl: sandbox.url,
      upstreamTimeoutMs: 3000,
      exposeUpstreamCalls: true,
      graphiql: true,
      guestHiddenProviders: [],
      ...options.gateway,
    },
    ...(options.clock ? { clock: options.clock } : {}),
  });
  return {
    sandbox,
    gateway,
    async gql(query, variables = {}, { token, headers = {} } = {}) {
      const res = await fetch(`${gateway.url}/graphql`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
        body: JSON.stringify({ query, variables }),
      });
      const body = (await res.json()) as any;
      return { status: res.status, ...body };
    },
    async close() {
      await gateway.close();
      await sandbox.close();
    },
  };
}

let counter = 0;
/** Registers a new player through the gateway and answers its token and viewer. */
export async function signUp(stack: Stack, name = 'Gateway Player') {
  counter += 1;
  const email = `gw${Date.now()}-${counter}-${Math.floor(Math.random() * 1e6)}@example.test`;
  const password = 'correct-horse-9';
  const res = await stack.gql(
    `mutation($input: RegisterInput!) { register(input: $input) { token viewer { id account { userId name email } } } }`,
    { input: { name, email, password } },
  );
  if (res.errors) throw new Error(`register failed: ${JSON.stringify(res.errors)}`);
  return { token: res.data.register.token as string, email, password, viewer: res.data.register.viewer };
}

/** Sandbox test money for a player, straight from the sandbox's control route. */
export async function credit(stack: Stack, token: string, amount: string) {
  await fetch(`${stack.sandbox.url}/sandbox/credit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ amount }),
  });
}
