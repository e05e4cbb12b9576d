import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context.js';

export function register(_app: FastifyInstance, _ctx: SandboxContext): void {}
