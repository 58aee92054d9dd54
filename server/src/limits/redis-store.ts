import type { Core } from '@strapi/strapi';
import Redis from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import type { PluginConfig } from '../config';
import type { Store } from './store';

/** The longest wait between two reconnection attempts: a Redis that comes back is used again within it. */
const RECONNECT_MAX_MS = 1000;
/** How long start() waits for Redis before it lets the first requests meet the configured store-error choice. */
const REDIS_READY_MS = 5000;

/**
 * No offline queue, no retries: while Redis is down a call fails at once (the store-error choice applies)
 * instead of waiting in a queue or being sent again on reconnection; the client keeps reconnecting on its own,
 * so limits count again once Redis is back. Calls of one event loop turn go to Redis in one write.
 *
 * A Redis that keeps the connection open but answers nothing would keep every command sent to it: a command
 * fails after `storeTimeoutMs` (`commandTimeout`), and a connection that has answered nothing for that long
 * while commands wait is dropped and opened again (`socketTimeout`), which lets those commands go. With the
 * limits' circuit breaker, which sends nothing during its cool-down, a stall then holds a bounded number of
 * commands.
 */
export const redisStore = async (
  strapi: Core.Strapi,
  { redisUrl, prefix, storeTimeoutMs }: PluginConfig['rateLimit']
): Promise<Store> => {
  const client = new Redis(redisUrl!, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    enableAutoPipelining: true,
    commandTimeout: storeTimeoutMs,
    socketTimeout: storeTimeoutMs,
    retryStrategy: (attempt) => Math.min(attempt * 100, RECONNECT_MAX_MS),
  });
  // Without a listener ioredis prints every failed reconnection; the outage is logged once by the limits instead.
  client.on('error', () => {});
  const ready = await new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), REDIS_READY_MS);
    client.once('ready', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
  if (!ready) strapi.log.warn('[data-api] the rate limit store (redis) is not reachable yet; still trying');
  return {
    remote: true,
    limiter: (points, duration, keyPrefix) =>
      new RateLimiterRedis({
        storeClient: client,
        rejectIfRedisNotReady: true,
        points,
        duration,
        keyPrefix: `${prefix}:${keyPrefix}`,
      }),
    close: async () => {
      client.disconnect();
    },
  };
};
