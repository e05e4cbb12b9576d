/**
 * The repository stands alone: every reference to a docs page and section (docs/rules.md#tournament-stages) in
 * code, schema, tests and READMEs names a page and a heading that exist.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** GitHub-style anchors of a markdown page's headings. */
function anchors(page: string): Set<string> {
  const text = fs.readFileSync(path.join(root, page), 'utf8');
  return new Set(
    [...text.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) =>
      m[1]!
        .trim()
        .toLowerCase()
        .replace(/[^\w\s-]/g, '')
        .replace(/\s/g, '-'),
    ),
  );
}

it('points every docs reference at a page and a heading that exist', () => {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => /\.(ts|tsx|graphql|md|css)$/.test(f));
  const broken: string[] = [];
  let seen = 0;
  for (const file of files) {
    if (!fs.existsSync(path.join(root, file))) continue;
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    for (const m of text.matchAll(/docs\/([\w-]+\.md)#([\w-]+)/g)) {
      seen += 1;
      const page = `docs/${m[1]}`;
      if (!fs.existsSync(path.join(root, page)) || !anchors(page).has(m[2]!)) broken.push(`${file}: ${m[0]}`);
    }
  }
  expect(seen).toBeGreaterThan(50);
  expect(broken).toEqual([]);
});
