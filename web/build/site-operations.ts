/**
 * Keeps only the site's own operations in relay-compiler's persisted file (`npm run relay -w web` runs this after
 * the compiler). The compiler persists every operation under web/src, the component tests' harness queries too;
 * the gateway's persisted-only mode (PERSISTED_OPERATIONS_ONLY) must allow exactly what the site sends, so the
 * operations declared in test files are dropped from the file (their artifacts keep their ids: the component tests
 * run them against a mock environment, never the gateway).
 * Run as `tsx web/build/site-operations.ts` from the repository root.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const web = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const file = path.join(web, 'src/__generated__/persisted-operations.json');

/** The names of the operations declared in component test files. */
function testOperationNames(dir: string, names = new Set<string>()): Set<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== '__generated__' && entry.name !== 'node_modules') testOperationNames(full, names);
    } else if (/\.test\.tsx?$/.test(entry.name)) {
      const text = fs.readFileSync(full, 'utf8');
      for (const m of text.matchAll(/graphql`\s*(?:query|mutation|subscription)\s+(\w+)/g)) names.add(m[1]!);
    }
  }
  return names;
}

const persisted = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
const dropped = testOperationNames(path.join(web, 'src'));
const site = Object.fromEntries(
  Object.entries(persisted).filter(([, text]) => {
    const name = /^\s*(?:query|mutation|subscription)\s+(\w+)/.exec(text)?.[1];
    return name === undefined || !dropped.has(name);
  }),
);
fs.writeFileSync(file, JSON.stringify(site, null, 2) + '\n');
console.log(
  `Persisted operations: ${Object.keys(site).length} of the site (${Object.keys(persisted).length - Object.keys(site).length} test operations left out)`,
);
