import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/*
 * The import boundaries of web/src (web/eslint-boundaries.mjs): sources that break them on purpose, linted with the
 * repository's own ESLint config, must fail; ones that keep them must pass.
 */

const repository = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: repository });

/** The boundary errors ESLint reports for `source` as if it were the file at `file` (relative to web/src). */
async function boundaryErrors(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport {};\n`, { filePath: `web/src/${file}` });
  return result!.messages
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax')
    .map((m) => `${m.line}: ${m.message}`);
}

describe('the import boundaries of web/src', () => {
  it('refuses a feature that imports app/', async () => {
    const errors = await boundaryErrors('features/cashier/Fixture.tsx', "import '../../app/routes';");
    expect(errors).toEqual([expect.stringMatching(/^1: .*A feature imports only shared\/, ui\//)]);
  });

  it('refuses a feature that imports another feature, statically or lazily', async () => {
    const errors = await boundaryErrors(
      'features/cashier/Fixture.tsx',
      [
        "import '../auth/AuthModal';",
        "import '../../features/coupons/CouponModal';",
        "void import('../profile/ProfileModal');",
      ].join('\n'),
    );
    expect(errors.map((e) => e.split(':')[0])).toEqual(['1', '2', '3']);
  });

  it('lets a feature import shared/, ui/, the generated artifacts and its own files', async () => {
    const errors = await boundaryErrors(
      'features/cashier/Fixture.tsx',
      [
        "import '../../shared/modals/Modal';",
        "import '../../ui/Button';",
        "import '../../__generated__/WalletModalQuery.graphql';",
        "import './WalletModal';",
        "import '../cashier/amount';",
        "void import('./TransactionsModal');",
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });

  it('refuses shared/ or ui/ importing app/ or a feature', async () => {
    expect(await boundaryErrors('shared/Fixture.ts', "import '../app/routes';")).toHaveLength(1);
    expect(
      await boundaryErrors('shared/relay/Fixture.ts', "import '../../features/auth/AuthModal';"),
    ).toHaveLength(1);
    expect(await boundaryErrors('ui/Fixture.tsx', "import '../shared/modals/Modal';")).toHaveLength(1);
  });

  it("keeps Relay's own useMutation to shared/relay/useMutation.ts", async () => {
    const source = "import { useMutation } from 'react-relay';";
    expect(await boundaryErrors('features/cashier/Fixture.ts', source)).toHaveLength(1);
    expect(await boundaryErrors('app/Fixture.ts', source)).toHaveLength(1);
    expect(await boundaryErrors('shared/relay/useMutation.ts', source)).toEqual([]);
  });

  it('lets app/ import features and shared/', async () => {
    const errors = await boundaryErrors(
      'app/Fixture.tsx',
      "import '../features/auth/AuthModal';\nimport '../shared/session';",
    );
    expect(errors).toEqual([]);
  });
});
