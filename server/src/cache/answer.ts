/** A List's or Aggregate's `200` as the cache keeps it: the bytes sent, their ETag and the `Link` header. */
export interface CachedAnswer {
  readonly body: Buffer;
  /** Quoted, as sent (`"draft-…"` for drafts). */
  readonly etag: string;
  readonly link: string | null;
}

/** Bytes an entry holds besides its body and key (the object, its tag, its stamp): counted against the bound. */
export const ENTRY_OVERHEAD_BYTES = 256;

export const sizeOf = (key: string, answer: CachedAnswer) =>
  answer.body.length + key.length * 2 + answer.etag.length * 2 + (answer.link?.length ?? 0) * 2 + ENTRY_OVERHEAD_BYTES;
