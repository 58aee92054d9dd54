/** A date as the database driver returns it (Date, string or number) in ISO 8601, as the admin API answers dates. */
export const iso = (value: unknown) => new Date(value as string).toISOString();
