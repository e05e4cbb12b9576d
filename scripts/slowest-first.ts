import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * A vitest sequencer that starts a workspace's longest test files first, named in `longestFirst` (paths from the
 * workspace's root). On a fresh clone vitest has no timings of its own and starts files in an order of its choosing,
 * so a 40 s file could start last and keep one core busy alone at the end (the tests workspace: 357 s to 317 s on a
 * fresh-clone CI run). Files not named follow in vitest's own order; a renamed file only loses its place, never a test.
 */
export function slowestFirst(longestFirst: string[]) {
  return class SlowestFirst extends BaseSequencer {
    override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
      const root = this.ctx.config.root;
      const rank = (spec: TestSpecification) => {
        const index = longestFirst.indexOf(path.relative(root, spec.moduleId).split(path.sep).join('/'));
        return index === -1 ? longestFirst.length : index;
      };
      return [...(await super.sort(files))].sort((a, b) => rank(a) - rank(b));
    }
  };
}
