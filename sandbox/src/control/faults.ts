import type { FastifyInstance } from 'fastify';

/** A rule that makes matching /api calls fail or slow down, for tests of what clients do when the backend misbehaves. */
export interface Fault {
  id: number;
  method: string;
  path: string;
  status: number | null;
  delayMs: number;
  /** How many more calls it applies to; null for every call until cleared. */
  times: number | null;
}

export class FaultTable {
  private faults: Fault[] = [];
  private nextId = 1;
  /** The calls a fault's delay holds right now, each with what lets it go on at once. */
  private readonly holding = new Set<() => void>();

  add(fault: Omit<Fault, 'id'>): Fault {
    const stored = { ...fault, method: fault.method.toUpperCase(), id: this.nextId++ };
    this.faults.push(stored);
    return stored;
  }
  clear(): void {
    this.faults = [];
  }
  list(): Fault[] {
    return [...this.faults];
  }

  /** How many calls a delay holds now: a test can tell that a call is still held when something else arrives. */
  held(): number {
    return this.holding.size;
  }

  /**
   * Lets every held call go on now, as if its delay had run out (a fault's status still applies): a test proves what
   * arrived before a slow call answered, then ends the wait instead of sleeping through it.
   */
  release(): number {
    const released = this.holding.size;
    for (const go of [...this.holding]) go();
    return released;
  }

  /** Waits out a fault's delay, or until release(). */
  hold(delayMs: number): Promise<void> {
    return new Promise((resolve) => {
      const go = () => {
        clearTimeout(timer);
        this.holding.delete(go);
        resolve();
      };
      const timer = setTimeout(go, delayMs);
      this.holding.add(go);
    });
  }

  /** The first fault matching this call, counting it down. `*` in a fault's path matches any characters. */
  take(method: string, path: string): Fault | null {
    const fault = this.faults.find((f) => (f.method === '*' || f.method === method) && matches(f.path, path));
    if (!fault) return null;
    if (fault.times !== null && --fault.times <= 0) this.faults = this.faults.filter((f) => f !== fault);
    return fault;
  }
}

function matches(pattern: string, path: string): boolean {
  const regex = new RegExp(`^${pattern.split('*').map(escapeRegExp).join('.*')}$`);
  return regex.test(path);
}
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Applies faults to /api and /broadcasting calls before their handlers run. */
export function installFaults(app: FastifyInstance, table: FaultTable): void {
  app.addHook('onRequest', async (req, reply) => {
    const path = req.url.split('?')[0]!;
    if (!path.startsWith('/api/') && !path.startsWith('/broadcasting/')) return;
    const fault = table.take(req.method, path);
    if (!fault) return;
    if (fault.delayMs > 0) await table.hold(fault.delayMs);
    if (fault.status !== null) {
      return reply.status(fault.status).send({ error: `Injected fault: ${fault.status}` });
    }
  });
}
