import type { Context } from 'koa';
import type { SessionUser } from '../../../contracts/session';
import { ADMIN_USER } from '../auth/admin-users';
import { loginAddressKey } from '../auth/login-address';
import { ADDRESS_SUBJECT } from '../limits/subjects';
import type { Caller } from './access-log';

/** Whom an API key's requests are counted as. */
const keySubject = (keyId: number) => `k${keyId}`;

/** Whom a logged-in user's requests are counted as: nobody else can spend it, whatever their address. */
const userSubject = (user: SessionUser) => `user:${user.object === ADMIN_USER ? 'admin' : 'site'}:${user.id}`;

/** The API key of a signed file URL's subject, or undefined for a user's. */
export const keyIdOfSubject = (subject: string) => (/^k\d+$/.test(subject) ? Number(subject.slice(1)) : undefined);

/**
 * Who spends a request's budgets (docs/rate-limits.md): the subject a signed file URL was issued to, an API key,
 * a logged-in user, else the source address (IPv6 per /64, as logins are).
 */
export const subjectOf = (ctx: Context, { subject, keyId, user }: Caller) =>
  subject ??
  (keyId !== undefined
    ? keySubject(keyId)
    : user
      ? userSubject(user)
      : `${ADDRESS_SUBJECT}${loginAddressKey(ctx.request.ip)}`);
