import type { SandboxContext } from '../../context.js';
import type { GuardedAction } from './guard.js';

/** Refuses `action` during a break or a self-exclusion. (Owner: the breaks engineer; stub.) */
export function checkRestriction(_ctx: SandboxContext, _userId: number, _action: GuardedAction): void {}
