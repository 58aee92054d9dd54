import { contentTypes as contentTypeUtils } from '@strapi/utils';

/**
 * The paths a Content Manager permission lists for the field `path` of `uid` (`seo`, or `seo.social` inside it)
 * when it is a component: its leaf fields (`seo.metaTitle`, `seo.social.network`...); null when `path` names no
 * component (a dynamic zone is one field of its own).
 */
export type ComponentLeaves = (uid: string, path: string) => string[] | null;

type Schema = { attributes: Record<string, { type?: string; component?: unknown }> };

/** As `@strapi/admin` nests permission fields (`getNestedFields`): 15 levels, then the path itself. */
const NESTING_LEVELS = 15;

/** ComponentLeaves read from Strapi's schemas, listed as the admin's own permission fields are. */
export const componentLeavesIn = (
  contentTypeOf: (uid: string) => Schema | undefined,
  componentOf: (uid: string) => Schema | undefined
): ComponentLeaves => {
  const leaves = (schema: Schema, prefix: string, level: number): string[] => {
    if (level === 0) return [prefix];
    const hidden = new Set(contentTypeUtils.getNonVisibleAttributes(schema as never));
    return Object.entries(schema.attributes).flatMap(([name, attribute]) => {
      if (hidden.has(name)) return [];
      const path = `${prefix}.${name}`;
      const inner = attribute.type === 'component' ? componentOf(String(attribute.component)) : undefined;
      const nested = inner ? leaves(inner, path, level - 1) : [];
      return nested.length ? nested : [path];
    });
  };
  return (uid, path) => {
    let schema = contentTypeOf(uid);
    let level = NESTING_LEVELS;
    for (const name of path.split('.')) {
      const attribute = schema?.attributes[name];
      if (attribute?.type !== 'component') return null;
      schema = componentOf(String(attribute.component));
      level -= 1;
    }
    if (!schema) return null;
    const nested = leaves(schema, path, level);
    return nested.length ? nested : [path];
  };
};
