/**
 * The Redis store's scripts (server/src/cache/redis-store.ts): each is one round trip and runs atomically, so no
 * write of another instance can fall between what a script reads and what it decides.
 *
 * A counter (`<prefix>:g:<uid>`) holds a token, never a number: a write deletes it, and the next lookup that
 * needs it sets a token no counter ever held (see `tokens` in redis-store.ts). An entry (`<prefix>:e:<hash>`) is
 * a hash: `b` the body, `t` the ETag, `l` the Link header (absent when none) and, per type read, the token its
 * counter held before the answer was read.
 */

/**
 * A lookup. KEYS[1] the entry, KEYS[2..] the counters of the endpoint's reads; ARGV[1] a new token, ARGV[2..]
 * the reads. Missing counters (never set, deleted by a write, evicted, lost with a restart) get the new token.
 * A hit, `{1, body, etag, link}`, only when the entry holds every read's token and each equals its counter's;
 * else `{0, tokens...}`, the counters' tokens now: the stamp the miss's answer is kept with.
 */
export const LOOKUP = `
local n = #KEYS - 1
local counters = redis.call('MGET', unpack(KEYS, 2, n + 1))
for i = 1, n do
  if not counters[i] then
    counters[i] = ARGV[1]
    redis.call('SET', KEYS[i + 1], ARGV[1])
  end
end
local entry = redis.call('HMGET', KEYS[1], 'b', 't', 'l', unpack(ARGV, 2, n + 1))
local hit = entry[1] ~= false
for i = 1, n do
  if entry[i + 3] ~= counters[i] then
    hit = false
    break
  end
end
if hit then
  return {1, entry[1], entry[2], entry[3]}
end
return {0, unpack(counters)}
`;

/**
 * A keep. KEYS[1] the entry, KEYS[2..] the counters of the stamp's reads; ARGV[1] the time to live (ms),
 * ARGV[2..n+1] the stamp's tokens, then the entry's fields and values. Kept only while every counter still holds
 * its stamp's token: a write committed while the answer was read has deleted one, and the answer may predate it.
 */
export const KEEP = `
local n = #KEYS - 1
local counters = redis.call('MGET', unpack(KEYS, 2, n + 1))
for i = 1, n do
  if counters[i] ~= ARGV[i + 1] then
    return 0
  end
end
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], unpack(ARGV, n + 2))
redis.call('PEXPIRE', KEYS[1], ARGV[1])
return 1
`;

/**
 * After each connection, before any hit: KEYS[1] holds the run id of the server that wrote the data, KEYS[2] is
 * the counter every entry reads (the purge-all mark); ARGV[1] the run id of the server now. Another server (a
 * restart that reloaded a snapshot, a replica promoted) may hold a past state whose counters predate writes it
 * lost: its entries would look fresh. Deleting the purge-all counter makes every entry a miss.
 */
export const CHECK_SERVER = `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return 0
end
redis.call('DEL', KEYS[2])
redis.call('SET', KEYS[1], ARGV[1])
return 1
`;
