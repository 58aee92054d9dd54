/** An endpoint as an exported file holds it: a List of `object` with `fields`, allowed to the key named `key`. */
export const fileList = (name: string, path: string, key: string, fields = ['id'], object = 'api::order.order') => ({
  name,
  path,
  type: 'list',
  object,
  fields: fields.map((field) => ({ name: field })),
  auth: { method: 'api-key', keys: [key] },
});
