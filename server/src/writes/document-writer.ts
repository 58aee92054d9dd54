import type { Core } from '@strapi/strapi';
import { MESSAGES } from '../../../contracts/messages';
import { ApiError } from '../errors/api-error';
import { holdsComponents, type Model, type ModelField, type RelationField } from '../query/model';
import { walkSubValues } from './component-values';
import { FieldError } from '../errors/field-error';
import { relatedIds } from './links';
import { fieldOfValidationError } from './validation-path';
import type { Target } from './object-writer';
import { shareUntranslatedFields } from './locale-sync';
import { publishChanges } from './publish-changes';
import type { Values } from '../query/tx-db';

type Documents = {
  create(params: object): Promise<{ id: number } | null>;
  update(params: object): Promise<{ id: number } | null>;
  publish(params: object): Promise<{ entries: Array<{ id: number }> }>;
  delete(params: object): Promise<unknown>;
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

  const relationData = async (field: RelationField, value: unknown) => ({
    set: await referencesOf(field, relatedIds(field, value)),
  });

  /**
   * A component value as the Document Service takes it: a copy (the same values may be written to several
   * documents) whose relations are set as top-level ones are. With no ids, Strapi replaces the components.
   */
  const componentData = async (field: ModelField, value: unknown) => {
    const copy = structuredClone(value);
    const relations: Array<{ field: RelationField; holder: Record<string, unknown>; key: string }> = [];
    walkSubValues(field, copy, field.name, (sub, holder, key) => {
      if (sub.kind === 'relation') relations.push({ field: sub, holder, key });
    });
    for (const { field: sub, holder, key } of relations) holder[key] = await relationData(sub, holder[key]);
    return copy;
  };

  const toData = async (values: Values) => {
    const data: Record<string, unknown> = {};
    for (const [name, value] of values) {
      const field = model.fields.get(name)!;
      // Media values are Media Library file ids by now, which the Document Service takes as they are.
      if (field.kind === 'relation') data[name] = await relationData(field, value);
      else if (holdsComponents(field)) data[name] = await componentData(field, value);
      else data[name] = value;
    }
    return data;
  };
  const inLocale = (locale: string | undefined) => (model.localized && locale ? { locale } : {});

  const guard = async <T>(index: number, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      const field = fieldOfValidationError(error, model.fields);
      if (field === null) throw error;
      throw new FieldError(field || 'unknown', index);
    }
  };

  return {
    /**
     * New documents; or, given `documentId`, the record is that document's new `locale` (the Document Service's
     * update creates a missing locale, with the fields the document's locales share).
     */
    async insert(records: Values[], publish: boolean, locale?: string, documentId?: string): Promise<number[]> {
      const ids: number[] = [];
      for (const [i, values] of records.entries()) {
        const data = await toData(values);
        const params = { data, ...status(publish), ...inLocale(locale) };
        const doc = await guard(i, () =>
          documentId ? documents().update({ documentId, ...params }) : documents().create(params)
        );
        ids.push(doc!.id);
      }
      return ids;
    },
    /**
     * Changes the draft and, to publish, gives the published version the changed fields only: an editor's
     * other pending draft edits stay in the draft. Returns the row ids after the write: publishing gives the
     * published row a new id.
     */
    async update(targets: Target[], values: Values, publish: boolean): Promise<number[]> {
      const ids: number[] = [];
      const data = await toData(values);
      for (const { documentId, locale } of targets) {
        // A translated row's own locale: without it, the Document Service writes the default locale.
        const version = { documentId, ...inLocale(locale) };
        const draft = await guard(0, () => documents().update({ ...version, data }));
        if (!draft) throw new ApiError(404, MESSAGES.recordNotFound); // deleted meanwhile, outside /_api
        if (!(model.draftAndPublish && publish)) {
          ids.push(draft.id);
          continue;
        }
        // Published apart from the draft's update, as the admin does: Strapi shares the fields its locales
        // share in the drafts on the update, and in the published versions on the publication.
        const published = await guard(0, () =>
          publishChanges(strapi, model.uid, documentId, Object.keys(data), () => documents().publish(version))
        );
        const id = published.entries[0].id;
        if (model.localized) await shareUntranslatedFields(strapi, model.uid, id, Object.keys(data));
        ids.push(id);
      }
      return ids;
    },
    /** Deletes the targets' documents, in the targets' locales only (as Strapi's admin deletes a locale). */
    async remove(targets: Target[]): Promise<void> {
      const done = new Set<string>();
      for (const { documentId, locale } of targets) {
        const key = JSON.stringify([documentId, locale ?? null]);
        if (done.has(key)) continue;
        done.add(key);
        await documents().delete({ documentId, ...inLocale(locale) });
      }
    },
  };
};

export type DocumentWriter = ReturnType<typeof createDocumentWriter>;
