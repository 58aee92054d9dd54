/** A redis-server child process of the suite's own (see scripts/redis-server.js). */
export interface RedisServer {
  port: number;
  url: string;
  /** Ends the process, as a crash would. */
  stop: () => Promise<void>;
  /** Runs it again on the same port, empty. */
  start: () => Promise<void>;
}

// The same helper serves the benchmarks, which are plain JavaScript.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const shared = require('../../scripts/redis-server') as { startRedisServer: () => Promise<RedisServer> };

export const startRedisServer = () => shared.startRedisServer();
