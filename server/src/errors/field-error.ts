/** A value refused for `field`; the caller adds where it came from (an array item, a task) to the message. */
export class FieldError extends Error {
  constructor(
    public readonly field: string,
    /** Index of the record among those written together. */
    public readonly index = 0,
    /** Why, when the field's type alone does not tell (a file too large, of a type not allowed...). */
    public readonly reason?: string
  ) {
    super(`Invalid data for field: ${field}`);
  }
}

/** Thrown by a rule that can say why it refuses a value; the caller turns it into a FieldError. */
export class ValueRefused extends Error {
  constructor(public readonly reason: string) {
    super(reason);
  }
}

/**
 * Thrown by the rule of a component field or dynamic zone: the value at `path` inside it (`.metaTitle`,
 * `[1].url`) is refused; the caller prefixes the field's name.
 */
export class SubValueRefused extends Error {
  constructor(
    public readonly path: string,
    public readonly reason?: string
  ) {
    super(`refused at ${path}`);
  }
}
