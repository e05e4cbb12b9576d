/**
 * The freeze test of issue 42, against one production-mode gateway process over the sandbox: one unauthenticated
 * document, `nodes(ids: [100 game ids]) { ... on Game { similarGames(first: 100) { ... } } }`, is timed alone, then
 * sent twenty times at once while a `{ __typename }` probe is timed back to back, and the gateway's resident memory
 * is read before and after. Before the cost counted what is returned (gateway/src/operations/cost.ts) each such
 * request ran for 460-660 ms and returned 1.6 MB, the probe waited 20-44 s and the process grew from 512 MB to
 * 1.27 GB; now each is refused before it runs. Figures in docs/benchmarks.md#hostile-documents.
 *
 *   npx tsx tests/bench/hostile-cost.ts [--rounds N]
 */
import { parseArgs } from 'node:util';
import { readCpuMs, readRssKiB, startGateway, startSandbox, stopAll } from './processes.js';
import { percentile } from './stats.js';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '20' } } });
const rounds = Number(values.rounds);
if (!Number.isInteger(rounds) || rounds < 1 || rounds > 1000) {
  throw new Error(`--rounds must be a whole number from 1 to 1000, got "${values.rounds}"`);
}

/** How many hostile documents go at once, as in the issue. */
const AT_ONCE = 20;

async function post(url: string, query: string): Promise<{ status: number; ms: number; bytes: number }> {
  const start = performance.now();
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
    body: JSON.stringify({ query }),
  });
  const body = await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - start, bytes: body.byteLength };
}

/** The document, under a new name each time: a hostile client never repeats a text Yoga has cached. */
const hostile = (ids: string[], n: number) =>
  `query Hostile${n} { nodes(ids: [${ids.map((id) => JSON.stringify(id)).join(', ')}]) {
    id ... on Game { name code provider { name } similarGames(first: 100) { id name code image provider { name } } } } }`;

async function main(): Promise<void> {
  const sandbox = await startSandbox();
  const gateway = await startGateway(sandbox.url, undefined, { production: true });
  try {
    const page = (await (
      await fetch(`${gateway.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: '{ games(first: 100) { edges { node { id } } } }' }),
      })
    ).json()) as { data: { games: { edges: { node: { id: string } }[] } } };
    const ids = page.data.games.edges.map((e) => e.node.id);
    let n = 0;
    // Warm: the first requests pay for compiling the code they run.
    for (let i = 0; i < 5; i++) await post(gateway.url, hostile(ids, n++));

    // The probe alone first: on a busy machine every figure below is slower by about as much as this one.
    const probeAlone: number[] = [];
    for (let i = 0; i < rounds; i++) probeAlone.push((await post(gateway.url, '{ __typename }')).ms);

    const alone: number[] = [];
    let status = 0;
    let bytes = 0;
    // The gateway's own CPU time per refusal, which other work on the machine does not change (wall time does).
    const cpuBefore = readCpuMs(gateway.pid);
    for (let i = 0; i < rounds; i++) {
      const one = await post(gateway.url, hostile(ids, n++));
      alone.push(one.ms);
      status = one.status;
      bytes = one.bytes;
    }
    const cpuAfter = readCpuMs(gateway.pid);

    const rssBefore = readRssKiB(gateway.pid);
    let peakRss = rssBefore ?? 0;
    const probes: number[] = [];
    let done = false;
    const probing = (async () => {
      while (!done) {
        const probe = await post(gateway.url, '{ __typename }');
        probes.push(probe.ms);
        peakRss = Math.max(peakRss, readRssKiB(gateway.pid) ?? 0);
      }
    })();
    const burstStart = performance.now();
    const burst = await Promise.all(
      Array.from({ length: AT_ONCE }, () => post(gateway.url, hostile(ids, n++))),
    );
    const burstMs = performance.now() - burstStart;
    done = true;
    await probing;
    const rssAfter = readRssKiB(gateway.pid);

    const sorted = [...alone].sort((a, b) => a - b);
    const report = {
      refusedStatus: status,
      refusedBytes: bytes,
      aloneMs: {
        median: round(percentile(sorted, 50)),
        p90: round(percentile(sorted, 90)),
        max: round(sorted.at(-1)!),
      },
      gatewayCpuMsPerRefusal:
        cpuBefore === null || cpuAfter === null ? null : round((cpuAfter - cpuBefore) / rounds),
      probeAloneMs: { median: round(percentile(probeAlone, 50)), max: round(Math.max(...probeAlone)) },
      burst: {
        requests: AT_ONCE,
        statuses: [...new Set(burst.map((b) => b.status))],
        allAnsweredMs: round(burstMs),
        slowestMs: round(Math.max(...burst.map((b) => b.ms))),
      },
      probe: { count: probes.length, slowestMs: round(Math.max(...probes)) },
      rssMiB: {
        before: mib(rssBefore),
        peak: mib(peakRss),
        after: mib(rssAfter),
      },
    };
    console.log(JSON.stringify(report, null, 2));
  } finally {
    await gateway.stop();
    await sandbox.stop();
  }
}

const round = (ms: number) => Math.round(ms * 10) / 10;
const mib = (kib: number | null) => (kib === null ? null : Math.round(kib / 102.4) / 10);

main().catch(async (err: unknown) => {
  console.error(err);
  await stopAll();
  process.exit(1);
});
