/** A value refused for `field`; the caller adds where it came from (an array item, a task) to the message. */
export class FieldError extends Error {
  constructor(
    public readonly field: string,
    /** Index of the record among those written together. */
    public readonly index = 0
  ) {
    super(`Invalid data for field: ${field}`);
  }
}
