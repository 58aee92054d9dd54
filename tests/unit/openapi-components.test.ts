import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { FILE_INPUT, type JsonSchema } from '../../server/src/openapi/field-schemas';
import { fieldReadSchema, fieldWriteSchema } from '../../server/src/openapi/value-schemas';
import { componentField, componentModel, dynamicZone, media, scalar } from '../helpers/models';

/** Component fields and dynamic zones in OpenAPI documents, on hand-made models. */

const card = componentModel('shared.social-card', [scalar('title', 'string')]);
const seo = componentModel('shared.seo', [
  scalar('metaTitle', 'string', 'meta_title', { required: true }),
  media('shareImage'),
  componentField('social', card, true),
]);
const quote = componentModel('shared.quote', [scalar('body', 'text'), scalar('author', 'string')]);
const seoField = componentField('seo', seo, false);
const blocks = dynamicZone('blocks', [quote, seo], { max: 3 });

const context = () => ({ fileUrl: 'a signed URL', schemas: {} as Record<string, JsonSchema> });
const validator = (schema: JsonSchema, schemas: Record<string, JsonSchema>) => {
  const ajv = new Ajv2020({ strict: false });
  addFormats(ajv);
  ajv.addKeyword('discriminator');
  return ajv.compile({ ...schema, components: { schemas: { ...schemas, FileInput: FILE_INPUT } } });
};

describe('component read schemas', () => {
  test('one named schema per component, referenced; its fields all present, never its id', () => {
    const ctx = context();
    expect(fieldReadSchema(seoField, 'url', ctx)).toEqual({
      anyOf: [{ $ref: '#/components/schemas/shared.seo' }, { type: 'null' }],
    });
    const schema = ctx.schemas['shared.seo'];
    expect(schema.required).toEqual(['metaTitle', 'shareImage', 'social']);
    expect(schema.properties).not.toHaveProperty('id');
    expect((schema.properties as Record<string, JsonSchema>).social).toEqual({
      type: 'array',
      items: { $ref: '#/components/schemas/shared.social-card' },
    });
    const fits = validator(fieldReadSchema(seoField, 'url', ctx), ctx.schemas);
    expect(fits({ metaTitle: 'T', shareImage: '/_api/_files/1/2?x', social: [{ title: 'a' }] })).toBe(true);
    expect(fits(null)).toBe(true);
    expect(fits({ id: 1, metaTitle: 'T', shareImage: null, social: [] })).toBe(false);
  });

  test('media objects get their own component schema only where a component holds media', () => {
    const ctx = context();
    fieldReadSchema(seoField, 'object', ctx);
    expect(Object.keys(ctx.schemas).sort()).toEqual([
      'MediaFormat',
      'MediaObject',
      'shared.seo.media-objects',
      'shared.social-card',
    ]);
    const image = {
      url: 'u',
      name: 'a.png',
      mime: 'image/png',
      size: 0.58,
      width: 800,
      height: 600,
      alternativeText: null,
      caption: null,
      formats: { thumbnail: { url: 't', name: 't_a.png', mime: 'image/png', size: 0.1, width: 208, height: 156 } },
    };
    const fits = validator(fieldReadSchema(seoField, 'object', ctx), ctx.schemas);
    expect(fits({ metaTitle: 'T', shareImage: image, social: [] })).toBe(true);
    expect(fits({ metaTitle: 'T', shareImage: 'u', social: [] })).toBe(false);
  });

  test('the provider\'s public URLs (mediaUrls: "public") get schemas of their own where they appear', () => {
    const ctx = { ...context(), fileUrl: 'a public URL', publicUrls: true };
    fieldReadSchema(seoField, 'object', ctx);
    fieldReadSchema(componentField('card', card, false), 'url', ctx);
    expect(Object.keys(ctx.schemas).sort()).toEqual([
      'PublicMediaFormat',
      'PublicMediaObject',
      'shared.seo.media-objects.public-urls',
      'shared.social-card',
    ]);
    expect(ctx.schemas.PublicMediaObject.properties).toMatchObject({ url: { description: 'a public URL' } });
    const signed = context();
    fieldReadSchema(seoField, 'url', signed);
    fieldReadSchema(seoField, 'url', ctx);
    expect((signed.schemas['shared.seo'].properties as Record<string, JsonSchema>).shareImage).toMatchObject({
      description: 'a signed URL',
    });
    expect((ctx.schemas['shared.seo.public-urls'].properties as Record<string, JsonSchema>).shareImage).toMatchObject({
      description: 'a public URL',
    });
  });

  test('a dynamic zone: oneOf its components, told apart by __component', () => {
    const ctx = context();
    const schema = fieldReadSchema(blocks, 'url', ctx);
    expect(schema.items).toEqual({
      oneOf: [
        { $ref: '#/components/schemas/shared.quote.in-dynamic-zone' },
        { $ref: '#/components/schemas/shared.seo.in-dynamic-zone' },
      ],
      discriminator: {
        propertyName: '__component',
        mapping: {
          'shared.quote': '#/components/schemas/shared.quote.in-dynamic-zone',
          'shared.seo': '#/components/schemas/shared.seo.in-dynamic-zone',
        },
      },
    });
    expect(ctx.schemas['shared.quote.in-dynamic-zone'].required).toEqual(['__component', 'body', 'author']);
    const fits = validator(schema, ctx.schemas);
    expect(fits([{ __component: 'shared.quote', body: 'b', author: null }])).toBe(true);
    expect(fits([{ __component: 'shared.link', body: 'b', author: null }])).toBe(false);
    expect(fits([{ body: 'b', author: null }])).toBe(false);
  });
});

describe('component write schemas', () => {
  test('the fields to write, required ones listed, no id; null clears an optional component', () => {
    const ctx = context();
    const schema = fieldWriteSchema(seoField, true, ctx);
    expect(schema).toEqual({ anyOf: [{ $ref: '#/components/schemas/shared.seo.input' }, { type: 'null' }] });
    expect(ctx.schemas['shared.seo.input'].required).toEqual(['metaTitle']);
    const fits = validator(schema, ctx.schemas);
    expect(fits({ metaTitle: 'T' })).toBe(true);
    expect(fits({ metaTitle: 'T', shareImage: { data: 'R0lG', name: 'a.gif' }, social: [{ title: 'x' }] })).toBe(true);
    expect(fits({ id: 3, metaTitle: 'T' })).toBe(false);
    expect(fits({})).toBe(false);
  });

  test("a dynamic zone's entries within its max", () => {
    const ctx = context();
    const fits = validator(fieldWriteSchema(blocks, false, ctx), ctx.schemas);
    const entry = { __component: 'shared.quote', body: 'b' };
    expect(fits([entry, { __component: 'shared.seo', metaTitle: 'T' }])).toBe(true);
    expect(fits([entry, entry, entry, entry])).toBe(false);
    expect(fits([{ __component: 'shared.seo' }])).toBe(false);
    expect(fits(null)).toBe(false);
  });
});
