import { errors } from '@strapi/utils';

/** Refuses admin input with a 400 that lists every problem (Strapi's ValidationError shape). */
export const refuse = (problems: string[]): never => {
  throw new errors.ValidationError(problems.join('; '), { errors: problems });
};
