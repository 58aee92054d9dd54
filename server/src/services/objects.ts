import type { Core } from '@strapi/strapi';
import { buildModel } from '../query/model';
import { pluginConfig } from '../utils/plugin-config';
import { needsDocumentService } from '../writes/object-writer';
import type { ObjectDescription, ObjectField } from '../../../contracts/objects';

/** The content types endpoints may use, with their fields, for the endpoint builder. */
export default ({ strapi }: { strapi: Core.Strapi }) => ({
  list(): ObjectDescription[] {
    const result: ObjectDescription[] = [];
    for (const [uid, contentType] of Object.entries(strapi.contentTypes)) {
      const model = buildModel(strapi, uid);
      if (!model) continue;
      const fields = [...model.fields.values()].map((field): ObjectField => {
        if (field.kind === 'unsupported')
          return { name: field.name, type: 'unsupported', exposable: false, writable: false, reason: field.reason };
        const a = field.attribute as Record<string, unknown>;
        const pick = <T>(key: string) => (a[key] === undefined ? {} : { [key]: a[key] as T });
        return {
          name: field.name,
          type: field.kind === 'scalar' ? field.type : field.kind,
          exposable: true,
          writable: field.kind !== 'scalar' || field.writable,
          ...(field.kind === 'relation' ? { relation: { target: field.target, many: field.many } } : {}),
          ...(field.kind === 'media' ? { media: { multiple: field.multiple, allowedTypes: field.allowedTypes } } : {}),
          ...pick<boolean>('required'),
          ...pick<string[]>('enum'),
          ...pick<number>('min'),
          ...pick<number>('max'),
          ...pick<number>('minLength'),
          ...pick<number>('maxLength'),
        };
      });
      const info = (contentType as { info?: { displayName?: string } }).info;
      result.push({
        uid,
        displayName: info?.displayName ?? uid,
        kind: model.single ? 'singleType' : 'collectionType',
        draftAndPublish: model.draftAndPublish,
        documentService: needsDocumentService(model, pluginConfig(strapi, 'documentService')),
        fields,
      });
    }
    return result.sort((a, b) => a.displayName.localeCompare(b.displayName));
  },
});
