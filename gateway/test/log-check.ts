import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

/**
 * vitest's globalSetup: a folder for the run's captured gateway logs (log-capture.ts); when the run ends, every
 * captured line must be JSON and none may contain a token, password, identity number or upload address's token the
 * suite sent or received. A failure here fails `npm test` after the tests themselves have passed, naming the
 * secret's kind and the line's request.
 */
export default function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gateway-logs-'));
  project.provide('logCaptureDir', dir);
  return () => {
    try {
      const problems = checkLogs(dir);
      if (problems.length > 0) {
        // vitest reports an error thrown here but still exits 0: the exit code is set so `npm test` fails.
        process.exitCode = 1;
        console.error(
          `\nFAIL: the gateway's logs broke the rules in ${problems.length} line(s):\n${problems.slice(0, 20).join('\n')}\n`,
        );
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
}

/** What is wrong with the captured lines: not JSON, or holding a noted secret (never printed whole). */
export function checkLogs(dir: string): string[] {
  const files = fs.readdirSync(dir);
  const secrets = new Set<string>();
  for (const file of files.filter((f) => f.endsWith('.secrets'))) {
    for (const line of fs.readFileSync(path.join(dir, file), 'utf8').split('\n')) {
      if (line) secrets.add(JSON.parse(line) as string);
    }
  }
  const problems: string[] = [];
  for (const file of files.filter((f) => f.endsWith('.log'))) {
    for (const line of fs.readFileSync(path.join(dir, file), 'utf8').split('\n')) {
      if (!line) continue;
      let requestId = '?';
      try {
        requestId = String((JSON.parse(line) as { requestId?: unknown }).requestId ?? '-');
      } catch {
        problems.push(`not JSON: ${line.slice(0, 120)}`);
      }
      for (const secret of secrets) {
        if (line.includes(secret)) {
          problems.push(
            `a secret (${secret.slice(0, 3)}…, ${secret.length} characters) in the line of request ${requestId}`,
          );
        }
      }
    }
  }
  return problems;
}
