/** The variables of definitions (docs/endpoints.md#properties, docs/writes.md#tasks), shared by the server and the builder. */
export const CLOCK_VARIABLES = ['now', 'today'];
export const USER_VARIABLES = ['user.id', 'user.email', 'user.username', 'user.role'];

/** The variables an endpoint's filter may use: `param` only with a numeric parameter, `user.*` only with sessions. */
export const variablesFor = (definition: { parameter: string; auth: { method: string } }): string[] => [
  ...CLOCK_VARIABLES,
  ...(definition.parameter === 'none' ? [] : ['param']),
  ...(definition.auth.method === 'session' ? USER_VARIABLES : []),
];

/**
 * The variables of tasks, besides the endpoint's own: `record.<field>` (the record as written; on Delete, as it
 * was), `previous.<field>` (Modify, Delete: before the write), `input.<field>` (an accepted field, as sent).
 * `readable` are the type's fields a task can read: files are none of them.
 */
export const taskVariablesFor = (
  definition: { type: string; parameter: string; auth: { method: string }; fields: Array<{ name: string }> },
  readable: string[]
): string[] => [
  ...variablesFor(definition),
  ...readable.map((f) => `record.${f}`),
  ...(definition.type === 'create' ? [] : readable.map((f) => `previous.${f}`)),
  ...(definition.type === 'delete'
    ? []
    : definition.fields.filter((f) => readable.includes(f.name)).map((f) => `input.${f.name}`)),
];
