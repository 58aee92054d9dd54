/**
 * What a rate-limit subject that is a source address starts with: an address never names a key (`k7`) or a user
 * (`user:site:12`), whatever text a forwarded header held, and the memory store keeps addresses apart.
 */
export const ADDRESS_SUBJECT = 'ip:';
