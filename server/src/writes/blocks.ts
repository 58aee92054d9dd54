import type { Core } from '@strapi/strapi';
import type { Model } from '../query/model';
import { FieldError } from '../errors/field-error';
import type { Values } from '../query/tx-db';

type Validate = (model: unknown, data: Record<string, unknown>, options: { isDraft: boolean }) => Promise<unknown>;

/**
 * `blocks` values checked by Strapi's own validator, the entity validator its Document Service runs on every
 * write, and given as that validator casts them, which is what Strapi would store. For the writes that do not
 * go through the Document Service: what Strapi's API refuses is refused (the admin's edit page cannot open
 * such a record), as a FieldError naming the field.
 */
export const createBlocksCheck = (strapi: Core.Strapi, model: Model) => {
  const names = [...model.fields.values()].flatMap((f) => (f.kind === 'scalar' && f.type === 'blocks' ? [f.name] : []));
  const contentType = strapi.contentTypes[model.uid as keyof typeof strapi.contentTypes];
  const validate = strapi.entityValidator.validateEntityUpdate as unknown as Validate;

  return async (records: Values[]): Promise<Values[]> => {
    if (!names.some((name) => records.some((r) => r.get(name) != null))) return records;
    const checked: Values[] = [];
    for (const [index, values] of records.entries()) {
      const copy = new Map(values);
      for (const name of names) {
        const value = values.get(name);
        if (value === undefined || value === null) continue;
        try {
          // Only this field: the type's other rules are the field rules' and the database's.
          const valid = (await validate(contentType, { [name]: value }, { isDraft: false })) as Record<string, unknown>;
          copy.set(name, valid[name]);
        } catch (error) {
          if ((error as Error).name !== 'ValidationError') throw error;
          throw new FieldError(name, index);
        }
      }
      checked.push(copy);
    }
    return checked;
  };
};
