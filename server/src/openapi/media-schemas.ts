import type { JsonSchema } from './field-schemas';

/** The names of the media object schemas in `components/schemas`. */
export const MEDIA_OBJECT = 'MediaObject';
const MEDIA_FORMAT = 'MediaFormat';

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
 * formats (the resized copies Strapi makes of an image), each with its own signed URL.
 */
export const addMediaObjectSchemas = (schemas: Record<string, JsonSchema>, fileUrl: string) => {
  schemas[MEDIA_FORMAT] ??= strictObject(described(fileUrl), 'A resized copy of an image');
  schemas[MEDIA_OBJECT] ??= strictObject(
    {
      ...described(fileUrl),
      alternativeText: { type: ['string', 'null'] },
      caption: { type: ['string', 'null'] },
      formats: {
        type: 'object',
        description: 'The resized copies by name (thumbnail, small, medium, large); empty for files without any',
        additionalProperties: { $ref: `#/components/schemas/${MEDIA_FORMAT}` },
      },
    },
    'A file of the Media Library'
  );
};
