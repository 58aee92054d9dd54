import type { DataOf } from '../../../contracts/admin-api';
import type { AdminActor } from '../services/admin-rights';
import { foundOr404, operation } from './operation';
import { actingAdmin, idParam, inputData } from './request';

/** The admin API's resources that are stored collections (find, findOne, create, update, delete). */
type CrudResource = 'endpoints' | 'openapiDocuments';

/** What a collection's service answers, in the contract's types: null for an id that is not there. */
export interface CrudService<R extends CrudResource> {
  find(): Promise<DataOf<`${R}.find`>>;
  findOne(id: number): Promise<DataOf<`${R}.findOne`> | null>;
  create(input: unknown, actor: AdminActor): Promise<DataOf<`${R}.create`>>;
  update(id: number, input: unknown, actor: AdminActor): Promise<DataOf<`${R}.update`> | null>;
  remove(id: number): Promise<DataOf<`${R}.delete`> | null>;
}

/**
 * The five actions of a stored collection: 404 (`notFound`) when an id is not there; writes name the acting
 * admin, recorded as the author and checked against their rights.
 */
export const crudOperations = <R extends CrudResource>(
  resource: R,
  service: () => CrudService<R>,
  notFound: string
) => {
  const found = foundOr404(notFound);
  return {
    find: operation(`${resource}.find`, () => service().find()),
    findOne: operation(`${resource}.findOne`, async (ctx) => found(await service().findOne(idParam(ctx)))),
    create: operation(`${resource}.create`, (ctx) => service().create(inputData(ctx), actingAdmin(ctx))),
    update: operation(`${resource}.update`, async (ctx) =>
      found(await service().update(idParam(ctx), inputData(ctx), actingAdmin(ctx)))
    ),
    delete: operation(`${resource}.delete`, async (ctx) => found(await service().remove(idParam(ctx)))),
  };
};
