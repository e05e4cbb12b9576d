import { createServer } from 'node:net';
import type { Part } from './stack-settings.js';

/** Whether this process can listen on the part's port and host right now (it lets go at once). */
function canListen(part: Part): Promise<NodeJS.ErrnoException | null> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (err: NodeJS.ErrnoException) => resolve(err));
    probe.listen({ port: part.port, host: part.host, exclusive: true }, () =>
      probe.close(() => resolve(null)),
    );
  });
}

/**
 * Checked before anything is built or started, so a busy port fails in a second with its variable named, rather
 * than after a build with one part running and another refusing. (Each part reports it too, should the port be
 * taken in between.) Returns one line per port that cannot be had.
 */
export async function busyPorts(parts: Part[]): Promise<string[]> {
  const problems: string[] = [];
  for (const part of parts) {
    const err = await canListen(part);
    if (!err) continue;
    if (err.code === 'EADDRINUSE') {
      problems.push(
        `${part.portVariable} ${part.port} is already in use: stop what is listening there or set ${part.portVariable} to a free port.`,
      );
    } else if (err.code === 'EACCES') {
      problems.push(
        `${part.portVariable} ${part.port} may not be used by this user: set ${part.portVariable} to a port above 1023.`,
      );
    } else {
      problems.push(`${part.portVariable} ${part.port} on ${part.host} cannot be used: ${err.message}`);
    }
  }
  return problems;
}
