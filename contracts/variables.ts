/** The variables of definitions (DESIGN.md section 2), shared by the server and the builder. */
export const CLOCK_VARIABLES = ['now', 'today'];
export const USER_VARIABLES = ['user.id', 'user.email', 'user.username', 'user.role'];

/** The variables an endpoint's filter may use: `param` only with a numeric parameter, `user.*` only with sessions. */
export const variablesFor = (definition: { parameter: string; auth: { method: string } }): string[] => [
  ...CLOCK_VARIABLES,
  ...(definition.parameter === 'none' ? [] : ['param']),
  ...(definition.auth.method === 'session' ? USER_VARIABLES : []),
];
