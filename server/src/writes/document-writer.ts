import type { Core } from '@strapi/strapi';
import { MESSAGES } from '../../../contracts/messages';
import { ApiError } from '../errors/api-error';
import type { Model, RelationField } from '../query/model';
import { FieldError } from './field-error';
import { publishChanges } from './publish-changes';
import type { Values } from './sql-writer';

type Documents = {
  create(params: object): Promise<{ id: number } | null>;
  update(params: object): Promise<{ id: number } | null>;
  delete(params: object): Promise<unknown>;
};

/** A Strapi ValidationError names the field in `details.errors[].path`. */
const fieldOfValidationError = (error: unknown): string | null => {
  const e = error as { name?: string; details?: { errors?: Array<{ path?: unknown[] }> } };
  if (e?.name !== 'ValidationError') return null;
  const path = e.details?.errors?.[0]?.path;
  return Array.isArray(path) && path.length ? String(path[0]) : '';
};

/**
 * Writes through the Document Service, inside the ambient transaction: Draft & Publish, locales, the site's
 * lifecycle hooks, Document Service middlewares and webhooks all see these writes as they see Strapi's own.
 * Relations are set by row id, or by document into Draft & Publish types.
 */
export const createDocumentWriter = (strapi: Core.Strapi, model: Model) => {
  const documents = () => strapi.documents(model.uid as never) as unknown as Documents;
  const status = (publish: boolean) => (model.draftAndPublish && publish ? { status: 'published' } : {});

  /**
   * A relation into a Draft & Publish type is set by document, as Strapi's own API sets it: the Document Service
   * then links the version(s) it links for its own writes (a type without Draft & Publish: the draft and the
   * published row), so a later publish of the target keeps the link. Other relations are set by row id.
   */
  const referencesOf = async (field: RelationField, ids: number[]) => {
    if (!field.targetDraftAndPublish || !ids.length) return ids.map((id) => ({ id }));
    const rows = await strapi.db
      .query(field.target as never)
      .findMany({ where: { id: { $in: ids } }, select: ['id', 'documentId', 'locale'] });
    const byId = new Map(rows.map((r) => [r.id as number, r]));
    return ids.map((id) => {
      const row = byId.get(id);
      // Gone meanwhile: by id, which the Document Service then refuses as it refuses any unknown id.
      return row ? { documentId: row.documentId, ...(row.locale ? { locale: row.locale } : {}) } : { id };
    });
  };

  const toData = async (values: Values) => {
    const data: Record<string, unknown> = {};
    for (const [name, value] of values) {
      const field = model.fields.get(name)!;
      // Media values are Media Library file ids by now, which the Document Service takes as they are.
      if (field.kind !== 'relation') data[name] = value;
      else {
        const ids = value === null ? [] : field.many ? (value as number[]) : [value as number];
        data[name] = { set: await referencesOf(field, ids) };
      }
    }
    return data;
  };

  const guard = async <T>(index: number, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      const field = fieldOfValidationError(error);
      if (field === null) throw error;
      throw new FieldError(field || 'unknown', index);
    }
  };

  return {
    async insert(records: Values[], publish: boolean): Promise<number[]> {
      const ids: number[] = [];
      for (const [i, values] of records.entries()) {
        const data = await toData(values);
        const doc = await guard(i, () => documents().create({ data, ...status(publish) }));
        ids.push(doc!.id);
      }
      return ids;
    },
    /**
     * Changes the draft and, to publish, gives the published version the changed fields only: an editor's
     * other pending draft edits stay in the draft. Returns the row ids after the write: publishing gives the
     * published row a new id.
     */
    async update(targets: Array<{ documentId: string }>, values: Values, publish: boolean): Promise<number[]> {
      const ids: number[] = [];
      const data = await toData(values);
      for (const { documentId } of targets) {
        const write = () => documents().update({ documentId, data, ...status(publish) });
        const doc = await guard(0, () =>
          model.draftAndPublish && publish
            ? publishChanges(strapi, model.uid, documentId, Object.keys(data), write)
            : write()
        );
        if (!doc) throw new ApiError(404, MESSAGES.recordNotFound); // deleted meanwhile, outside /_api
        ids.push(doc.id);
      }
      return ids;
    },
    async remove(targets: Array<{ documentId: string }>): Promise<void> {
      for (const documentId of new Set(targets.map((t) => t.documentId))) await documents().delete({ documentId });
    },
  };
};

export type DocumentWriter = ReturnType<typeof createDocumentWriter>;
