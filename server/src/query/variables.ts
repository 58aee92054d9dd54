/** Values a filter may refer to with `{ "$var": NAME }` (DESIGN.md section 2). */
export type Variables = Record<string, unknown>;

export const REQUEST_VARIABLES = ['param', 'now', 'today', 'user.id', 'user.email', 'user.username', 'user.role'];

export interface RequestUser {
  id: number;
  email?: string;
  username?: string;
  role?: string;
}

// `now` and `today` are worked out only when a filter reads them.
const CLOCK: Variables = Object.create(null, {
  now: { get: () => new Date().toISOString(), enumerable: true },
  today: { get: () => new Date().toISOString().slice(0, 10), enumerable: true },
});

/** The variables of one request. A variable with no value is absent, and a leaf using it matches nothing. */
export const requestVariables = (param: number | undefined, user: RequestUser | undefined): Variables => {
  const vars: Variables = Object.create(CLOCK);
  if (param !== undefined) vars.param = param;
  if (user) {
    vars['user.id'] = user.id;
    if (user.email !== undefined) vars['user.email'] = user.email;
    if (user.username !== undefined) vars['user.username'] = user.username;
    if (user.role !== undefined) vars['user.role'] = user.role;
  }
  return vars;
};
