import type { EndpointDefinition } from '../../../contracts/definition';
import { compileFilter, type Predicate } from './filter';
import { ROOT } from './list-sql';
import type { Dialect } from './dialect';
import type { Model } from './model';
import { variableProblem, variablesFor } from './variables';

/** An endpoint's own filter, with the variables its parameter and authentication give it. */
export const compileEndpointFilter = (
  definition: EndpointDefinition,
  model: Model,
  deps: { dialect: Dialect; modelOf: (uid: string) => Model | null }
): Predicate =>
  compileFilter(definition.filter, model, ROOT, {
    dialect: deps.dialect,
    modelOf: deps.modelOf,
    variables: variablesFor(definition),
    explainVariable: (name) => variableProblem(name, definition),
    path: 'filter',
  });
