import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { gunzipSync } from 'node:zlib';

/** One request of a load: its address (path and query) and headers; the body, for a POST. */
export interface LoadRequest {
  path: string;
  headers: Record<string, string>;
}

export interface LoadResult {
  /** Responses with status 200. */
  requests: number;
  errors: number;
  /** Why requests failed: `status 429`, `errors` (a 200 with GraphQL errors), `network`; and how often. */
  failures: Record<string, number>;
  seconds: number;
  perSecond: number;
  /** Each successful response's time in ms, from sending to its last byte. */
  latenciesMs: number[];
}

/** Every this many responses, one is unzipped and parsed to check it is data with no errors. */
const CHECK_EVERY = 50;

/** Whether a GraphQL response's body (gzipped or not) holds data and no errors. */
function isData(body: Buffer, gzipped: boolean): boolean {
  try {
    const json = JSON.parse((gzipped ? gunzipSync(body) : body).toString()) as {
      data?: unknown;
      errors?: unknown[];
    };
    return json.data != null && !json.errors?.length;
  } catch {
    return false;
  }
}

/**
 * A closed-loop load on one server: `clients` loops, each on its own keep-alive connection, sending the next of
 * `requests` (in turn, shared by the loops) as soon as its last response has been read, for `durationMs`. Bodies are
 * read whole but only every CHECK_EVERY-th is unzipped and parsed: the load generator shares the machine with the
 * servers, and unzipping every response would measure it more than them. A GraphQL error found that way counts as a
 * failed request; so does any status but 200. With `graphql` false (pages) only the status is judged.
 */
export async function closedLoop(
  origin: string,
  requests: readonly LoadRequest[],
  clients: number,
  durationMs: number,
  graphql = true,
): Promise<LoadResult> {
  const url = new URL(origin);
  const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
  let next = 0;
  let ok = 0;
  let errors = 0;
  const latenciesMs: number[] = [];
  const failures: Record<string, number> = {};
  const failed = (why: string) => {
    failures[why] = (failures[why] ?? 0) + 1;
    return false;
  };
  const one = (request: LoadRequest, check: boolean) =>
    new Promise<boolean>((resolve) => {
      const req = http.request(
        { agent, hostname: url.hostname, port: url.port, path: request.path, headers: request.headers },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            if (res.statusCode !== 200) return resolve(failed(`status ${res.statusCode}`));
            const gzipped = res.headers['content-encoding'] === 'gzip';
            resolve(!check || isData(Buffer.concat(chunks), gzipped) || failed('errors'));
          });
          res.on('error', () => resolve(failed('network')));
        },
      );
      req.on('error', () => resolve(failed('network')));
      req.end();
    });
  const t0 = performance.now();
  const end = t0 + durationMs;
  const loop = async () => {
    while (performance.now() < end) {
      const n = next++;
      const started = performance.now();
      if (await one(requests[n % requests.length]!, graphql && n % CHECK_EVERY === 0)) {
        ok++;
        latenciesMs.push(performance.now() - started);
      } else errors++;
    }
  };
  try {
    await Promise.all(Array.from({ length: clients }, loop));
  } finally {
    agent.destroy();
  }
  const seconds = (performance.now() - t0) / 1000;
  return { requests: ok, errors, failures, seconds, perSecond: ok / seconds, latenciesMs };
}
