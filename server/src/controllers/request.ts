import type { Context } from 'koa';
import { LIMITS } from '../../../contracts/limits';
import { AdminApiError } from '../errors/admin-api-error';
import type { AdminActor } from '../services/admin-rights';

/** The `:id` route parameter as a positive 32-bit integer (row ids), else 400. */
export const idParam = (ctx: Context): number => {
  const raw = String(ctx.params.id ?? '');
  if (!/^[1-9]\d{0,9}$/.test(raw) || Number(raw) > LIMITS.maxRowId) {
    throw new AdminApiError('ValidationError', `id must be a positive integer, not "${raw}"`);
  }
  return Number(raw);
};

/** The `data` member of an admin API body (`{ data: ... }`, as elsewhere in Strapi's admin API). */
export const inputData = (ctx: Context): unknown => {
  const body = (ctx.request as unknown as { body?: unknown }).body;
  if (typeof body !== 'object' || body === null || !('data' in body)) {
    throw new AdminApiError('ValidationError', 'the request body must be { "data": ... }');
  }
  return (body as { data: unknown }).data;
};

/** The admin calling the admin API (Strapi's admin authentication put it in `ctx.state.user`). */
export const actingAdmin = (ctx: Context): AdminActor => ({ id: (ctx.state.user as { id: number }).id });

/** Whether the calling admin also holds `action` (Strapi's admin authentication put their rights in `ctx.state`). */
export const adminMay = (ctx: Context, action: string): boolean =>
  (ctx.state.userAbility as { can: (action: string) => boolean } | undefined)?.can(action) === true;
