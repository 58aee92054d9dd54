import type { Core } from '@strapi/strapi';
import { errors } from '@strapi/utils';
import {
  definitionSchema,
  describeIssues,
  METHOD_OF_TYPE,
  type EndpointDefinition,
  type StoredEndpoint,
} from '../../../contracts/definition';
import { PLUGIN_ID } from '../../../contracts/permissions';
import { DefinitionError } from '../query/filter';
import { compileEndpoint } from '../runtime/compile';
import { getService } from '../utils/get-service';
import { toDefinitionInput } from './registry';

const UID = `plugin::${PLUGIN_ID}.endpoint`;
const KEY_UID = `plugin::${PLUGIN_ID}.api-key`;

const refuse = (problems: string[]): never => {
  throw new errors.ValidationError(problems.join('; '), { errors: problems });
};

const toStored = (row: Record<string, unknown>): StoredEndpoint => ({
  ...definitionSchema.parse(toDefinitionInput(row)),
  id: row.id as number,
  method: row.method as string,
  createdAt: String(row.createdAt),
  updatedAt: String(row.updatedAt),
});

/** Endpoint definitions: validated against the live content types before they are stored (DESIGN.md 3). */
export default ({ strapi }: { strapi: Core.Strapi }) => {
  const query = () => strapi.db.query(UID);

  /** Checks a definition fully: its shape, then against the content types, keys and other endpoints. */
  const validate = async (input: unknown, id?: number): Promise<EndpointDefinition> => {
    const parsed = definitionSchema.safeParse(input);
    if (!parsed.success) return refuse(describeIssues(parsed.error));
    const definition = parsed.data;
    const method = METHOD_OF_TYPE[definition.type];
    const problems: string[] = [];
    try {
      compileEndpoint(id ?? 0, definition, method, getService(strapi, 'registry').compileDeps());
    } catch (error) {
      if (!(error instanceof DefinitionError)) throw error;
      problems.push(error.message);
    }
    if (definition.auth.method === 'session') problems.push('auth.method: "session" is not available in this version');
    if (definition.auth.method === 'api-key' && definition.auth.keys.length) {
      const found = await strapi.db
        .query(KEY_UID)
        .findMany({ where: { id: { $in: definition.auth.keys } }, select: ['id'] });
      const missing = definition.auth.keys.filter((k) => !found.some((f) => f.id === k));
      if (missing.length) problems.push(`auth.keys: no API key with id ${missing.join(', ')}`);
    }
    const clash = await query().findOne({
      where: { path: definition.path, method, ...(id ? { id: { $ne: id } } : {}) },
    });
    if (clash)
      problems.push(
        `path: ${method} /_api/${definition.path} is already used by endpoint ${clash.id} ("${clash.name}")`
      );
    if (problems.length) refuse(problems);
    return definition;
  };

  const save = async (definition: EndpointDefinition, id?: number) => {
    const data = { ...definition, method: METHOD_OF_TYPE[definition.type], aggregate: definition.aggregate ?? null };
    const row = id ? await query().update({ where: { id }, data }) : await query().create({ data });
    await getService(strapi, 'registry').changed();
    return toStored(row);
  };

  return {
    validate,
    async find(): Promise<StoredEndpoint[]> {
      return (await query().findMany({ orderBy: { id: 'asc' } })).map(toStored);
    },
    async findOne(id: number): Promise<StoredEndpoint | null> {
      const row = await query().findOne({ where: { id } });
      return row ? toStored(row) : null;
    },
    async create(input: unknown) {
      return save(await validate(input));
    },
    async update(id: number, input: unknown) {
      if (!(await query().findOne({ where: { id }, select: ['id'] }))) return null;
      return save(await validate(input, id), id);
    },
    async remove(id: number) {
      const row = await query().delete({ where: { id } });
      if (row) await getService(strapi, 'registry').changed();
      return row ? { id } : null;
    },
  };
};
