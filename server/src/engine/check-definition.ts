import type { Core } from '@strapi/strapi';
import { definitionSchema, METHOD_OF_TYPE, type EndpointDefinition } from '../../../contracts/definition';
import { problemsOfIssues, type Problem } from '../../../contracts/problems';
import { ADMIN_USER } from '../auth/admin-users';
import { DefinitionError } from '../errors/definition-error';
import { compileEndpoint, type CompiledEndpoint } from './compile-endpoint';
import type { CompileDeps } from './deps';

/**
 * The outcome of checking a definition on its own: which stage refused it (`shape`: the JSON schema; `site`: the
 * live content types, locales and plugins), or the endpoint it compiles to. See engine/README.md for the map.
 */
export type DefinitionCheck =
  | { ok: true; definition: EndpointDefinition; endpoint: CompiledEndpoint }
  | { ok: false; stage: 'shape'; problems: Problem[] }
  | { ok: false; stage: 'site'; definition: EndpointDefinition; problems: Problem[] };

/**
 * The rules a definition must meet by itself and against the site as it is now. Saving, import and loading all
 * call this; saving adds what depends on other records (keys, routes in use, the author's rights).
 */
export const checkDefinition = (strapi: Core.Strapi, deps: CompileDeps, input: unknown, id = 0): DefinitionCheck => {
  const parsed = definitionSchema.safeParse(input);
  if (!parsed.success) return { ok: false, stage: 'shape', problems: problemsOfIssues(parsed.error) };
  const definition = parsed.data;
  const problems: Problem[] = [];
  let endpoint: CompiledEndpoint | null = null;
  try {
    endpoint = compileEndpoint(id, definition, METHOD_OF_TYPE[definition.type], deps);
  } catch (error) {
    if (!(error instanceof DefinitionError)) throw error;
    problems.push(error.problem);
  }
  const { auth } = definition;
  if (auth.method === 'session' && auth.userObject !== ADMIN_USER && !strapi.plugin('users-permissions')) {
    problems.push({ path: ['auth', 'userObject'], message: 'the users-permissions plugin is not installed' });
  }
  return endpoint && !problems.length
    ? { ok: true, definition, endpoint }
    : { ok: false, stage: 'site', definition, problems };
};
