import type { SandboxContext } from '../../context.js';
import type { GuardedAction } from './guard.js';

/** Refuses `action` when a deposit, loss or session limit forbids it. (Owner: the limits engineer; stub.) */
export function checkLimits(_ctx: SandboxContext, _userId: number, _action: GuardedAction): void {}
