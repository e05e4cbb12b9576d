import { spawn, type ChildProcess } from 'node:child_process';
import readline from 'node:readline';
import { styleText } from 'node:util';

export interface ChildSpec {
  name: string;
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  /** Lines not passed on: a part's own start line (the orchestrator prints the one address people need). */
  hide?: RegExp;
  /** Keep the output instead of passing it on (a build: shown only when it fails). */
  capture?: boolean;
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface Child {
  name: string;
  /** Resolves once the process and everything it started that holds its output have gone. */
  closed: Promise<Exit>;
  /** What it printed, when captured (the last 64 KiB). */
  output(): string;
}

/** Output kept of a captured child. */
const MAX_CAPTURE_CHARS = 64 * 1024;

/**
 * The processes of `npm start` and `npm run dev`. Each child gets its own process group (`detached`), so that
 *  - Ctrl-C in the terminal reaches only the orchestrator, which stops the parts once each, in its own time (a
 *    part that got the terminal's SIGINT and our SIGTERM would be told twice, and the second would kill it
 *    halfway through closing its database);
 *  - stopping a part stops what it started too (npm → vite), by signalling the group.
 * Their output comes through pipes, one line at a time behind the part's name.
 */
export class Supervisor {
  private readonly running = new Set<ChildProcess>();
  private readonly color = process.stdout.isTTY && !process.env.NO_COLOR;

  constructor() {
    // Last resort when the orchestrator exits without stopping them (an uncaught error): 'exit' allows only sync.
    process.on('exit', () => this.kill('SIGKILL'));
  }

  start(spec: ChildSpec): Child {
    const child = spawn(spec.command, spec.args, {
      cwd: spec.cwd,
      env: spec.env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.running.add(child);
    let captured = '';
    const prefix = this.color ? styleText('dim', `[${spec.name}] `) : `[${spec.name}] `;
    for (const [stream, sink] of [
      [child.stdout!, process.stdout],
      [child.stderr!, process.stderr],
    ] as const) {
      readline.createInterface({ input: stream, crlfDelay: Infinity }).on('line', (line) => {
        if (spec.capture) captured = (captured + line + '\n').slice(-MAX_CAPTURE_CHARS);
        else if (!spec.hide?.test(line)) sink.write(`${prefix}${line}\n`);
      });
    }
    const closed = new Promise<Exit>((resolve) => {
      // 'close' comes after 'exit' and after every process holding the pipes (its own children) has gone too.
      child.once('close', (code, signal) => {
        this.running.delete(child);
        resolve({ code, signal });
      });
      child.once('error', (err) => {
        captured += `${err.message}\n`;
        if (!spec.capture) process.stderr.write(`${prefix}could not be started: ${err.message}\n`);
      });
    });
    return { name: spec.name, closed, output: () => captured };
  }

  /** SIGTERM to every part, SIGKILL to those still there after `graceMs`; resolves when all have gone. */
  async stopAll(graceMs = 5_000): Promise<void> {
    const children = [...this.running];
    const gone = children.map(
      (child) => new Promise<void>((resolve) => child.once('close', () => resolve())),
    );
    this.kill('SIGTERM');
    const timer = setTimeout(() => this.kill('SIGKILL'), graceMs);
    await Promise.all(gone);
    clearTimeout(timer);
  }

  /** Signals every part's whole process group now. */
  kill(signal: NodeJS.Signals): void {
    for (const child of this.running) {
      if (child.pid === undefined) continue;
      try {
        process.kill(-child.pid, signal);
      } catch {
        // The group has already gone.
      }
    }
  }
}
