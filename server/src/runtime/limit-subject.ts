import type { Context } from 'koa';
import type { SessionUser } from '../../../contracts/session';
import { ADMIN_USER } from '../auth/admin-users';
import { loginAddressKey } from '../auth/login-address';
import { ADDRESS_SUBJECT } from '../limits/subjects';
import type { Identity } from './caller';

/** Whom a logged-in user's requests are counted as: nobody else can spend it, whatever their address. */
const userSubject = (user: SessionUser) => `user:${user.object === ADMIN_USER ? 'admin' : 'site'}:${user.id}`;

/** The API key of a signed file URL's subject, or undefined for a user's. */
export const keyIdOfSubject = (subject: string) => (/^k\d+$/.test(subject) ? Number(subject.slice(1)) : undefined);

/** The source address as rate limits count it: IPv6 per /64, as logins are. */
export const addressSubject = (ctx: Context) => `${ADDRESS_SUBJECT}${loginAddressKey(ctx.request.ip)}`;

/**
 * Who spends a request's budgets (docs/rate-limits.md#a-limit): an API key, a logged-in user, the subject a signed
 * file URL was issued to, else the source address.
 */
export const subjectOf = (ctx: Context, identity: Identity) => {
  switch (identity.kind) {
    case 'key':
      return `k${identity.keyId}`;
    case 'user':
      return userSubject(identity.user);
    case 'link':
      return identity.subject;
    case 'nobody':
      return addressSubject(ctx);
  }
};
