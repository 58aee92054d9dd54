import type { Core } from '@strapi/strapi';
import { z } from 'zod';
import { buildModel } from '../query/build-model';
import type { ComponentModel, ModelField } from '../query/model';
import { pluginConfig } from '../config/plugin-config';
import { needsDocumentService } from '../writes/object-writer';
import type { ComponentDescription, ObjectDescription, ObjectField, SiteLocale } from '../../../contracts/objects';

/** Where a field sits, for what the builder may do with it. */
export interface FieldPlace {
  /** The display name of a component, by uid. */
  componentName: (uid: string) => string;
  /** Inside a component: whether a filter may reach its scalar fields (no repeatable component or zone above). */
  filterable?: boolean;
  /** Whether the content type is localized (its fields say whether every locale shares them). */
  localized?: boolean;
}

const RULES = ['required', 'enum', 'min', 'max', 'minLength', 'maxLength'] as const;

const rulesOf = (attribute: Record<string, unknown>) =>
  Object.fromEntries(RULES.filter((key) => attribute[key] !== undefined).map((key) => [key, attribute[key]]));

const componentOf = (component: ComponentModel, place: FieldPlace, filterable: boolean): ComponentDescription => ({
  uid: component.uid,
  displayName: place.componentName(component.uid),
  fields: [...component.fields.values()].map((f) => describeField(f, { ...place, filterable, localized: false })),
});

/** Whether every locale shares the field: Strapi copies a field marked not localized to each localization. */
const sharedByLocales = (attribute: Record<string, unknown>) =>
  (attribute.pluginOptions as { i18n?: { localized?: boolean } } | undefined)?.i18n?.localized === false;

/** How the builder sees one field of a content type or component (`place.filterable` set: a component's). */
export const describeField = (field: ModelField, place: FieldPlace): ObjectField => {
  const inComponent = place.filterable !== undefined ? { filterable: place.filterable && field.kind === 'scalar' } : {};
  if (field.kind === 'unsupported')
    return { name: field.name, type: 'unsupported', exposable: false, writable: false, reason: field.reason };
  const parts: Partial<ObjectField> = {};
  if (field.kind === 'relation') parts.relation = { target: field.target, many: field.many };
  if (field.kind === 'media') parts.media = { multiple: field.multiple, allowedTypes: field.allowedTypes };
  if (field.kind === 'component') {
    const filterable = !field.repeatable && place.filterable !== false;
    parts.component = { ...componentOf(field.component, place, filterable), repeatable: field.repeatable };
  }
  if (field.kind === 'dynamiczone')
    parts.components = [...field.components.values()].map((c) => componentOf(c, place, false));
  return {
    name: field.name,
    type: field.kind === 'scalar' ? field.type : field.kind,
    exposable: true,
    writable: field.kind !== 'scalar' || field.writable,
    ...parts,
    ...inComponent,
    ...(place.localized && sharedByLocales(field.attribute) ? { sharedByLocales: true } : {}),
    ...rulesOf(field.attribute),
  };
};

/** What the i18n plugin's locales service answers: its locales, and the code of the default one. */
const i18nLocalesSchema = z.array(z.object({ code: z.string(), name: z.string().nullish() }));
const i18nDefaultSchema = z.string().nullish();

/** The site's locales and its default one (none without the i18n plugin). */
const siteLocales = async (strapi: Core.Strapi): Promise<{ locales: SiteLocale[]; defaultLocale: string | null }> => {
  const service = strapi.plugin('i18n')?.service('locales');
  if (!service) return { locales: [], defaultLocale: null };
  const rows = i18nLocalesSchema.parse(await service.find());
  const defaultLocale = i18nDefaultSchema.parse(await service.getDefaultLocale());
  return { locales: rows.map((r) => ({ code: r.code, name: r.name ?? r.code })), defaultLocale: defaultLocale ?? null };
};

const displayNameOf = (schema: unknown, uid: string) =>
  (schema as { info?: { displayName?: string } } | undefined)?.info?.displayName ?? uid;

/** The content types endpoints may use, with their fields, for the endpoint builder. */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  async list(): Promise<ObjectDescription[]> {
    const componentName = (uid: string) => displayNameOf(strapi.components[uid as keyof typeof strapi.components], uid);
    const result: ObjectDescription[] = [];
    let site: Awaited<ReturnType<typeof siteLocales>> | undefined;
    for (const [uid, contentType] of Object.entries(strapi.contentTypes)) {
      const model = buildModel(strapi, uid);
      if (!model) continue;
      if (model.localized) site ??= await siteLocales(strapi);
      const place = { componentName, localized: model.localized };
      result.push({
        uid,
        displayName: displayNameOf(contentType, uid),
        kind: model.single ? 'singleType' : 'collectionType',
        draftAndPublish: model.draftAndPublish,
        documentService: needsDocumentService(model, pluginConfig(strapi, 'documentService')),
        localized: model.localized,
        ...(model.localized ? site : {}),
        fields: [...model.fields.values()].map((field) => describeField(field, place)),
      });
    }
    return result.sort((a, b) => a.displayName.localeCompare(b.displayName));
  },
});
