import type { EndpointDefinition } from '../../../contracts/definition';
import { compileFilter } from './filter';
import type { Predicate } from './predicate';
import { ROOT } from './list-sql';
import type { Dialect } from './dialect';
import type { Model } from './model';
import type { Status } from './status';
import { variableProblem, variablesFor } from './variables';

/**
 * An endpoint's own filter, with the variables its parameter and authentication give it. A read passes its
 * status, the version of related rows the filter sees; writes test rows of either version (see linkedStatus). A
 * List gives the record id its statement joins (see CompileOptions.recordId).
 */
export const compileEndpointFilter = (
  definition: EndpointDefinition,
  model: Model,
  deps: { dialect: Dialect; modelOf: (uid: string) => Model | null },
  status?: Status,
  recordId?: string
): Predicate =>
  compileFilter(definition.filter, model, ROOT, {
    dialect: deps.dialect,
    modelOf: deps.modelOf,
    variables: variablesFor(definition),
    explainVariable: (name) => variableProblem(name, definition),
    path: ['filter'],
    status,
    recordId,
  });
