/** A definition that cannot work against the live content types: answered by the admin API as a 400. */
export class DefinitionError extends Error {}
