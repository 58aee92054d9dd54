import type { Core } from '@strapi/strapi';
import type { AdminActor } from './admin-rights';

type Row = Record<string, unknown>;

/**
 * What the admin services of definitions (endpoints, documents) share: rows of `uid` answered in their stored
 * shape, created and replaced only once `validate` accepted the input from the admin `actor`.
 */
export const storedCollection = <Stored, Valid>(
  strapi: Core.Strapi,
  uid: string,
  {
    toStored,
    validate,
    save,
  }: {
    toStored: (row: Row) => Stored;
    validate: (input: unknown, id?: number, actor?: AdminActor) => Promise<Valid>;
    save: (valid: Valid, id?: number, actor?: AdminActor) => Promise<Stored>;
  }
) => {
  const query = () => strapi.db.query(uid as never);
  /** The first row matching `where`, in its stored shape. */
  const findWhere = async (where: Row): Promise<Stored | null> => {
    const row = await query().findOne({ where });
    return row ? toStored(row) : null;
  };
  return {
    findWhere,
    async find(): Promise<Stored[]> {
      return (await query().findMany({ orderBy: { id: 'asc' } })).map(toStored);
    },
    findOne: (id: number) => findWhere({ id }),
    async create(input: unknown, actor?: AdminActor) {
      return save(await validate(input, undefined, actor), undefined, actor);
    },
    /** Null when there is no row `id`. */
    async update(id: number, input: unknown, actor?: AdminActor) {
      if (!(await query().findOne({ where: { id }, select: ['id'] }))) return null;
      return save(await validate(input, id, actor), id, actor);
    },
  };
};
