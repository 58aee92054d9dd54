import type { Core } from '@strapi/strapi';
import { decodeRows, warnLeftOut, type Decoded } from '../stored/decode';
import type { AdminActor } from './admin-rights';

/**
 * What the admin services of definitions (endpoints, documents) share: rows of `uid` answered in their stored
 * shape, created and replaced only once `validate` accepted the input from the admin `actor`. A row that does not
 * decode is left out of what is answered (and logged): a list still shows the others.
 */
export const storedCollection = <Stored, Valid>(
  strapi: Core.Strapi,
  uid: string,
  {
    decode,
    validate,
    save,
  }: {
    decode: (row: unknown) => Decoded<Stored>;
    validate: (input: unknown, id?: number, actor?: AdminActor) => Promise<Valid>;
    save: (valid: Valid, id?: number, actor?: AdminActor) => Promise<Stored>;
  }
) => {
  const query = () => strapi.db.query(uid);
  const leftOut = warnLeftOut(strapi);
  /** The first row matching `where`, in its stored shape. */
  const findWhere = async (where: Record<string, unknown>): Promise<Stored | null> => {
    const row = await query().findOne({ where });
    return row ? (decodeRows([row], decode, leftOut)[0] ?? null) : null;
  };
  return {
    findWhere,
    async find(): Promise<Stored[]> {
      return decodeRows(await query().findMany({ orderBy: { id: 'asc' } }), decode, leftOut);
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
