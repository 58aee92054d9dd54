import { componentsOf } from '../query/components/fields';
import { holdsComponents, type ModelField } from '../query/model';

const INDEX = /^\d+$/;

/**
 * The value a Strapi ValidationError names (`details.errors[0].path`, e.g. `['links', '1', 'url']`), as the
 * plugin names its own refusals (`links[1].url`): down through component fields and dynamic zones, no deeper
 * than the first other field (the inside of a blocks or JSON value is that field's). Null for another error, ''
 * when it names nothing.
 */
export const fieldOfValidationError = (error: unknown, fields: Map<string, ModelField>): string | null => {
  const e = error as { name?: string; details?: { errors?: Array<{ path?: unknown[] }> } };
  if (e?.name !== 'ValidationError') return null;
  const path = e.details?.errors?.[0]?.path;
  if (!Array.isArray(path) || !path.length) return '';
  const parts = path.map(String);
  let named = '';
  // The fields the next part may name: a dynamic zone's item may be of any of its components.
  let scope = [fields];
  for (let i = 0; i < parts.length; i += 1) {
    const field = scope.map((f) => f.get(parts[i])).find(Boolean);
    if (!field) return named || parts[i];
    named += named ? `.${parts[i]}` : parts[i];
    const listed = (field.kind === 'component' && field.repeatable) || field.kind === 'dynamiczone';
    if (!holdsComponents(field)) return named;
    if (listed) {
      if (!INDEX.test(parts[i + 1] ?? '')) return named;
      i += 1;
      named += `[${parts[i]}]`;
    }
    scope = componentsOf(field).map((c) => c.fields);
  }
  return named;
};
