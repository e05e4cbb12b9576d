import type { Server } from 'node:http';
import type { SandboxContext } from '../context.js';
import type { Realtime } from './hub.js';

export interface PusherServer extends Realtime {
  close(): Promise<void>;
}

export function attachPusherServer(_server: Server, _ctx: SandboxContext): PusherServer {
  return { publish: () => undefined, close: async () => undefined };
}
