import type { JsonSchema } from './field-schemas';

const described = (fileUrl: string): Record<string, JsonSchema> => ({
  url: { type: 'string', format: 'uri-reference', description: fileUrl },
  name: { type: 'string', description: 'The file name' },
  mime: { type: 'string', description: 'The media type, e.g. image/png' },
  size: { type: 'number', minimum: 0, description: 'In kilobytes (1000 bytes) with two decimals, as Strapi stores it' },
  width: { type: ['integer', 'null'], minimum: 0, description: 'In pixels (images only)' },
  height: { type: ['integer', 'null'], minimum: 0, description: 'In pixels (images only)' },
});

const strictObject = (properties: Record<string, JsonSchema>, description: string): JsonSchema => ({
  type: 'object',
  description,
  required: Object.keys(properties),
  additionalProperties: false,
  properties,
});

/**
 * Adds the schemas of media objects (definition `media: "object"`) to `schemas`: a file's own fields, and its
 * formats (the resized copies Strapi makes of an image), each with its own URL, signed or, with `publicUrls`
 * (`mediaUrls: "public"`), the provider's (`PublicMediaObject`: a document may hold Lists of both kinds).
 * Answers the name of the media object's schema.
 */
export const addMediaObjectSchemas = (schemas: Record<string, JsonSchema>, fileUrl: string, publicUrls = false) => {
  const prefix = publicUrls ? 'Public' : '';
  const [object, format] = [`${prefix}MediaObject`, `${prefix}MediaFormat`];
  schemas[format] ??= strictObject(described(fileUrl), 'A resized copy of an image');
  schemas[object] ??= strictObject(
    {
      ...described(fileUrl),
      alternativeText: { type: ['string', 'null'] },
      caption: { type: ['string', 'null'] },
      formats: {
        type: 'object',
        description: 'The resized copies by name (thumbnail, small, medium, large); empty for files without any',
        additionalProperties: { $ref: `#/components/schemas/${format}` },
      },
    },
    'A file of the Media Library'
  );
  return object;
};
