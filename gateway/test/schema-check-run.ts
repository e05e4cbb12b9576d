import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { schemaCheck as runSchemaCheck } from '../scripts/schema-check.js';

/**
 * `npm run schema:check -- ...args` in this process (no tsx start): what the command prints, and the code it would
 * exit with.
 */
export async function schemaCheck(...args: string[]): Promise<{ code: number; out: string }> {
  let out = '';
  const code = await runSchemaCheck(
    args,
    (text) => (out += `${text}\n`),
    (error) => (out += `${String(error)}\n`),
  );
  return { code, out };
}

/** git in a throwaway repository the checks compare against: its output, or an error naming the command. */
export function git(cwd: string, ...args: string[]): string {
  const res = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (res.status !== 0) throw new Error(`git ${args.join(' ')}: ${res.stderr}`);
  return res.stdout.trim();
}

/** Commits everything in `repo` (made a git repository first when it is not one yet): the commit's hash. */
export function commitAll(repo: string, message: string): string {
  if (!fs.existsSync(path.join(repo, '.git'))) git(repo, 'init', '-q');
  git(repo, 'add', '.');
  git(repo, '-c', 'user.name=Test', '-c', 'user.email=test@example.test', 'commit', '-q', '-m', message);
  return git(repo, 'rev-parse', 'HEAD');
}
