import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that take longest, longest first (seconds on a fresh-clone CI run, 2026-11-27). On a fresh clone vitest
 * has no timings of its own and starts files in an order of its choosing, so a 40 s file could start last and keep one
 * core busy alone at the end (30–40 s of the workspace's 357 s). Starting the long ones first lets the short ones fill
 * in beside them. Files not named here follow, in vitest's own order; a rename only costs the ordering, never a test.
 */
const LONGEST_FIRST = [
  'bench/bench.test.ts', // 86
  'e2e/cashier.test.ts', // 65
  'e2e/layout.test.ts', // 53
  'start/orchestrator.test.ts', // 50
  'e2e/coupons.test.ts', // 47
  'e2e/tournaments.test.ts', // 47
  'e2e/content.test.ts', // 45
  'e2e/accessibility.test.ts', // 39
  'e2e/live-rewards.test.ts', // 29
  'e2e/session-honesty.test.ts', // 20
  'e2e/help-and-notices.test.ts', // 19
  'e2e/withdrawals.test.ts', // 19
  'e2e/catalogue.test.ts', // 17
  'e2e/filters.test.ts', // 15
];

export class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const rank = (spec: TestSpecification) => {
      const index = LONGEST_FIRST.indexOf(path.relative(root, spec.moduleId).split(path.sep).join('/'));
      return index === -1 ? LONGEST_FIRST.length : index;
    };
    const rest = await super.sort(files);
    return [...rest].sort((a, b) => rank(a) - rank(b));
  }
}
