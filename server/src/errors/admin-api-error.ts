/** The admin API's refusals, by the name of Strapi's error class each stands for, with that class's status. */
const STATUS_OF = { ValidationError: 400, PolicyError: 403, NotFoundError: 404 } as const;

/**
 * A refusal of the admin API, answered in Strapi's error shape by the controllers (controllers/answer-refusals.ts).
 * The plugin's own class, not @strapi/utils' errors: Strapi's error middleware recognises those with
 * `instanceof` against the copy of @strapi/utils that @strapi/core resolves, and an app may hold another copy
 * beside it (a newer one at the top level), whose errors it then answers as a bare 500.
 */
export class AdminApiError extends Error {
  readonly status: number;

  constructor(
    name: keyof typeof STATUS_OF,
    message: string,
    readonly details: Record<string, unknown> = {}
  ) {
    super(message);
    this.name = name;
    this.status = STATUS_OF[name];
  }
}
