import type { SessionUser } from '../../../contracts/session';
import { USER_VARIABLES } from '../../../contracts/variables';

/** Values a filter may refer to with `{ "$var": NAME }` (docs/endpoints.md#properties, `filter`). */
export type Variables = Record<string, unknown>;

export { CLOCK_VARIABLES, USER_VARIABLES, variablesFor } from '../../../contracts/variables';

// `now` and `today` are worked out only when a filter reads them.
const CLOCK: Variables = Object.create(null, {
  now: { get: () => new Date().toISOString(), enumerable: true },
  today: { get: () => new Date().toISOString().slice(0, 10), enumerable: true },
});

/** What a request gives its variables: the numeric path parameter and the Browser Session user. */
export interface RequestContext {
  param?: number;
  user?: SessionUser;
}

/** The variables of one request. A variable with no value is absent, and a leaf using it matches nothing. */
export const requestVariables = ({ param, user }: RequestContext): Variables => {
  const vars: Variables = Object.create(CLOCK);
  if (param !== undefined) vars.param = param;
  if (user) {
    vars['user.id'] = user.id;
    if (user.email !== null) vars['user.email'] = user.email;
    if (user.username !== null) vars['user.username'] = user.username;
    if (user.role !== null) vars['user.role'] = user.role;
  }
  return vars;
};

/** A value of each request variable, to check at definition time that a preset of it fits its field. */
export const VARIABLE_SAMPLES: Record<string, unknown> = {
  param: 1,
  now: '2026-01-01T00:00:00.000Z',
  today: '2026-01-01',
  'user.id': 1,
  'user.email': 'user@example.com',
  'user.username': 'user',
  'user.role': 'authenticated',
};

/** Query-string filter values travel as variables too, in their own namespace. */
export const queryVariable = (key: string) => `query:${key}`;

/** Explains a variable an endpoint cannot use, or returns null when it can (or is unknown anyway). */
export const variableProblem = (name: string, definition: { parameter: string; auth: { method: string } }) => {
  if (name === 'param' && definition.parameter === 'none') {
    return 'the variable "param" needs a numeric parameter ("optional" or "required")';
  }
  if (USER_VARIABLES.includes(name) && definition.auth.method !== 'session') {
    return `the variable "${name}" needs Browser Session authentication (auth.method "session")`;
  }
  return null;
};
