/** A List's or Aggregate's `200` as the cache keeps it: the bytes sent, their ETag and the `Link` header. */
export interface CachedAnswer {
  readonly body: Buffer;
  /** Quoted, as sent (`"draft-…"` for drafts). */
  readonly etag: string;
  readonly link: string | null;
}

/**
 * What an entry costs besides its body and strings, measured on the heap (docs/cache.md#memory-bound): the
 * store's entry, the LRU's record of it and the answer (objects of V8, with their headers), their slot in the
 * LRU's Map (whose table grows by doubling), the headers of the three strings, and the body's Buffer (its
 * Uint8Array and ArrayBuffer, and the backing store's bookkeeping outside the heap).
 */
export const ENTRY_OVERHEAD_BYTES = 768;

/**
 * The bytes an entry holds, counted against the bound: strings at 2 bytes a character (V8 keeps a string with
 * any character past U+00FF at 2, and a key may be a slice that keeps the request's URL alive), the body as
 * kept (a Buffer of its own: see ownedAnswer).
 */
export const sizeOf = (key: string, answer: CachedAnswer) =>
  answer.body.length + (key.length + answer.etag.length + (answer.link?.length ?? 0)) * 2 + ENTRY_OVERHEAD_BYTES;

/**
 * The answer with a body of its own. A small Buffer (`Buffer.from`) is a slice of Node's shared 8 KiB pool:
 * keeping it would keep the whole slab alive, so a kept body is copied into memory of its exact size, once,
 * when it is kept (a larger one has its own already).
 */
export const ownedAnswer = (answer: CachedAnswer): CachedAnswer => {
  const { body } = answer;
  if (body.byteOffset === 0 && body.buffer.byteLength === body.length) return answer;
  const own = Buffer.allocUnsafeSlow(body.length);
  body.copy(own);
  return { ...answer, body: own };
};
