/**
 * The repository stands alone: every reference to a docs page and section (docs/rules.md#tournament-stages) in
 * code, schema, tests and READMEs names a page and a heading that exist, and every link in the markdown pages
 * (README.md, CHANGELOG.md, docs/*.md and the other READMEs) leads to a file, and a heading, that exist.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The text of a markdown page with its fenced code blocks blanked out (a `# comment` in a shell block is no heading). */
function withoutCodeBlocks(text: string): string {
  let fence: string | undefined;
  return text
    .split('\n')
    .map((line) => {
      const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
      if (fence === undefined && marker !== undefined) {
        fence = marker;
        return '';
      }
      if (fence !== undefined) {
        if (marker !== undefined && marker[0] === fence[0] && marker.length >= fence.length)
          fence = undefined;
        return '';
      }
      return line;
    })
    .join('\n');
}

/**
 * GitHub's anchor for a heading: the text as rendered (code spans' backticks, links' targets and emphasis dropped),
 * lowercased, punctuation dropped (letters, digits, `_`, `-` and spaces stay), each space a hyphen; a repeated
 * anchor gets `-1`, `-2`... (github-slugger's rules).
 */
function slug(heading: string): string {
  return heading
    .replace(/`([^`]*)`/g, '$1')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}_\s-]/gu, '')
    .replace(/\s/g, '-');
}

/** GitHub-style anchors of a markdown page's headings (and of any `id`/`name` it sets in HTML). */
function anchors(file: string): Set<string> {
  const text = withoutCodeBlocks(fs.readFileSync(file, 'utf8'));
  const found = new Set<string>();
  const counts = new Map<string, number>();
  for (const m of text.matchAll(/^ {0,3}#{1,6}\s+(.+?)(?:\s+#+)?\s*$/gm)) {
    const base = slug(m[1]!);
    const n = counts.get(base) ?? 0;
    counts.set(base, n + 1);
    found.add(n === 0 ? base : `${base}-${n}`);
  }
  for (const m of text.matchAll(/<[a-z]+\s[^>]*\b(?:id|name)="([^"]+)"/g)) found.add(m[1]!);
  return found;
}

/** Every link target of a markdown page: inline links and images, and reference definitions, outside code. */
function linkTargets(text: string): string[] {
  const prose = withoutCodeBlocks(text).replace(/(`+)[^`]*?\1/g, '');
  return [
    ...[...prose.matchAll(/\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!),
    ...[...prose.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?/gm)].map((m) => m[1]!),
  ];
}

/**
 * The links of one markdown page (relative to `base`) that lead nowhere: a file that does not exist (or lies outside
 * `base`), or a `#anchor` that no heading of the page it names has. Links to other sites are not followed.
 */
function brokenLinks(base: string, page: string): { checked: number; broken: string[] } {
  const file = path.join(base, page);
  const broken: string[] = [];
  let checked = 0;
  for (const target of linkTargets(fs.readFileSync(file, 'utf8'))) {
    if (/^[a-z][a-z\d+.-]*:|^\/\//i.test(target)) continue;
    checked += 1;
    const hash = target.indexOf('#');
    const filePart = decodeURIComponent(hash === -1 ? target : target.slice(0, hash));
    const anchor = hash === -1 ? undefined : decodeURIComponent(target.slice(hash + 1));
    const to = filePart === '' ? file : path.resolve(path.dirname(file), filePart);
    if (path.relative(base, to).startsWith('..') || !fs.existsSync(to)) {
      broken.push(`${page}: ${target} (no such file)`);
      continue;
    }
    if (anchor === undefined) continue;
    if (to.endsWith('.md') ? !anchors(to).has(anchor) : !/^L\d+(-L\d+)?$/.test(anchor)) {
      broken.push(`${page}: ${target} (no such heading)`);
    }
  }
  return { checked, broken };
}

/** Files in the work tree (committed or new, not ignored), as git sees them. */
function repositoryFiles(): string[] {
  return execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: root,
    encoding: 'utf8',
  })
    .split('\n')
    .filter((f) => f !== '' && fs.existsSync(path.join(root, f)));
}

it('points every docs reference at a page and a heading that exist', () => {
  const files = repositoryFiles().filter((f) => /\.(ts|tsx|graphql|md|css)$/.test(f));
  const broken: string[] = [];
  let seen = 0;
  for (const file of files) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    for (const m of text.matchAll(/docs\/([\w-]+\.md)#([\w-]+)/g)) {
      seen += 1;
      const page = path.join(root, 'docs', m[1]!);
      if (!fs.existsSync(page) || !anchors(page).has(m[2]!)) broken.push(`${file}: ${m[0]}`);
    }
  }
  expect(seen).toBeGreaterThan(50);
  expect(broken).toEqual([]);
});

it('leads every link of the README, the changelog and the docs pages to a file and a heading that exist', () => {
  const pages = repositoryFiles().filter((f) => f.endsWith('.md') && !f.split('/').includes('node_modules'));
  const docs = fs.readdirSync(path.join(root, 'docs')).filter((f) => f.endsWith('.md'));
  expect(pages).toEqual(
    expect.arrayContaining(['README.md', 'CHANGELOG.md', ...docs.map((f) => `docs/${f}`)]),
  );
  const broken: string[] = [];
  let checked = 0;
  for (const page of pages) {
    const result = brokenLinks(root, page);
    checked += result.checked;
    broken.push(...result.broken);
  }
  expect(checked).toBeGreaterThan(100);
  expect(broken).toEqual([]);
});

describe('the link check itself', () => {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'links-'));
  afterAll(() => fs.rmSync(base, { recursive: true, force: true }));
  const write = (file: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(base, file)), { recursive: true });
    fs.writeFileSync(path.join(base, file), text);
  };

  it('names a missing file, a missing heading and a link out of the repository, and passes good links', () => {
    write(
      'pages/guide.md',
      [
        '# The guide',
        '## Live updates (subscriptions)',
        '## What runs: `npm start`',
        '## Notes',
        '## Notes',
        '```sh',
        '# not a heading',
        '```',
      ].join('\n'),
    );
    write(
      'README.md',
      [
        '[ok](pages/guide.md) [ok](pages/guide.md#live-updates-subscriptions) [ok](pages/guide.md#what-runs-npm-start)',
        '[ok](pages/guide.md#notes-1) [ok](#top) [ok](https://example.com/x#y) `[in code](nowhere.md)`',
        '<a id="top"></a>',
        '[gone](pages/missing.md) [no heading](pages/guide.md#not-a-heading) [dup](pages/guide.md#notes-2)',
        '[outside](../elsewhere.md) [here](#nowhere)',
        '[ref]: pages/also-missing.md',
      ].join('\n'),
    );
    const { checked, broken } = brokenLinks(base, 'README.md');
    expect(broken).toEqual([
      'README.md: pages/missing.md (no such file)',
      'README.md: pages/guide.md#not-a-heading (no such heading)',
      'README.md: pages/guide.md#notes-2 (no such heading)',
      'README.md: ../elsewhere.md (no such file)',
      'README.md: #nowhere (no such heading)',
      'README.md: pages/also-missing.md (no such file)',
    ]);
    expect(checked).toBe(11);
  });

  it('resolves a page’s links from its own folder', () => {
    write('pages/a.md', '[up](../README.md) [sibling](guide.md#the-guide) [wrong](pages/guide.md)');
    expect(brokenLinks(base, 'pages/a.md').broken).toEqual(['pages/a.md: pages/guide.md (no such file)']);
  });
});
