import { Redis } from 'ioredis';

/**
 * The Redis connection replicas share state through (the public cache, the guests' responses, rate-limit counters),
 * when REDIS_URL is set; without it each process keeps that state in memory. One connection per process: ioredis
 * pipelines commands over it. It reconnects on its own; while Redis is away, commands fail fast (no offline queue)
 * so a caller can fall back instead of waiting, and the error is logged once per outage, not per command.
 */
export function connectRedis(url: string, logger: Pick<Console, 'info' | 'warn'>): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    lazyConnect: false,
    // Never log the URL: it may carry a password.
    connectionName: 'playlive-gateway',
  });
  let down = false;
  redis.on('error', (err: Error) => {
    if (down) return;
    down = true;
    logger.warn(`Redis is not responding (${err.message}); shared state falls back until it is back.`);
  });
  redis.on('ready', () => {
    if (down) logger.info('Redis is responding again.');
    down = false;
  });
  return redis;
}
