/**
 * Purges travel as writes of marks that every entry reads: the mark of its endpoint and the mark of all. A purge
 * writes one, and entries that read it are no longer served, on every instance (through the same shared
 * generations as content writes). Not content type uids: `::` never appears in them.
 */
export const purgeMarkOf = (endpointId: number) => `data-api-cache:endpoint:${endpointId}`;
export const PURGE_ALL_MARK = 'data-api-cache:all';
