/**
 * A rolling update of every gateway replica, then the loss of one, under players (tests/bench/rolling-update.ts
 * starts the sandbox, Redis, three gateways and two site servers as processes on loopback). What a player would
 * notice is checked: a failed query, a board that stops updating. The p99 during the roll against the steady one is
 * printed here and held to its budget by `npm run bench -- --only rolling`: one run's ratio moves with the load on
 * the machine, which a test must not depend on.
 */
import { expect, it } from 'vitest';
import { rollingUpdateSummary, runRollingUpdate } from '../bench/rolling-update.js';

it('keeps every player served through a rolling restart of every gateway replica and the loss of one', async () => {
  const report = await runRollingUpdate();
  console.log(rollingUpdateSummary(report));

  expect(report.steps.map((s) => s.exitCode)).toEqual([0, 0, 0]);
  // The stopped replicas asked their watchers to reconnect (1012), and none gave up.
  expect(report.closeCodes[1012]).toBeGreaterThan(0);
  expect(report.watcherErrors).toEqual([]);
  // No query failed but those the killed replica had in hand: sent before the kill, answered (with an error) after.
  expect(report.failures.filter((f) => f.sentFromKill > 0 || f.endedFromKill < 0)).toEqual([]);
  expect(report.failures.length).toBeLessThanOrEqual(report.kill.inFlight);
  // Queries were measured before and during the roll, so the printed ratio is a figure, not an accident.
  expect(report.steady.count).toBeGreaterThan(50);
  expect(report.roll.count).toBeGreaterThan(50);
}, 120_000);
