import { MESSAGES } from '../../../contracts/messages';
import { ApiError } from '../errors/api-error';

/** What is left of the related records one answer may hold: each related field spends its own before it reads. */
export interface RelatedBudget {
  spend(records: number): void;
}

/**
 * The related records of one answer, at most `max` (plugin option `related.maxRecordsPerAnswer`): the definition
 * check bounds them at worst, but counts a repeatable component or dynamic zone without a `max` as one value, so
 * a page of many components could answer more (docs/content.md#what-related-fields-cost). Past the bound the
 * request is a `400` before the next statement runs.
 */
export const relatedBudget = (max: number): RelatedBudget => {
  let left = max;
  return {
    spend(records) {
      left -= records;
      if (left < 0) throw new ApiError(400, MESSAGES.tooManyRelated);
    },
  };
};
