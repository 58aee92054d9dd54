import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { errors } from '@strapi/utils';
import type services from '../services';
import type { AdminActor } from '../services/admin-rights';
import { getService } from '../services/get-service';
import { actingAdmin, idParam, inputData } from './request';

/** A service of stored definitions the admin API lists, reads, creates, replaces and deletes. */
type CrudService = {
  [K in keyof typeof services]: ReturnType<(typeof services)[K]> extends {
    find(): Promise<unknown>;
    findOne(id: number): Promise<unknown>;
    create(input: unknown, actor: AdminActor): Promise<unknown>;
    update(id: number, input: unknown, actor: AdminActor): Promise<unknown>;
    remove(id: number): Promise<unknown>;
  }
    ? K
    : never;
}[keyof typeof services];

/** Hands on what a service found, or answers 404 with `message`. */
export const foundOr404 =
  (message: string) =>
  <T>(value: T | null): T => {
    if (!value) throw new errors.NotFoundError(message);
    return value;
  };

/**
 * The admin API of one kind of definition (DESIGN.md section 3): `{ data }` in and out, 404 when it is not there.
 * Writes name the acting admin (the author of an endpoint, checked against their rights).
 */
export const crudController = (strapi: Core.Strapi, name: CrudService, notFound: string) => {
  const service = () => getService(strapi, name);
  const found = foundOr404(notFound);
  return {
    async find(ctx: Context) {
      ctx.body = { data: await service().find() };
    },
    async findOne(ctx: Context) {
      ctx.body = { data: found(await service().findOne(idParam(ctx))) };
    },
    async create(ctx: Context) {
      ctx.status = 201;
      ctx.body = { data: await service().create(inputData(ctx), actingAdmin(ctx)) };
    },
    async update(ctx: Context) {
      ctx.body = { data: found(await service().update(idParam(ctx), inputData(ctx), actingAdmin(ctx))) };
    },
    async delete(ctx: Context) {
      ctx.body = { data: found(await service().remove(idParam(ctx))) };
    },
  };
};
