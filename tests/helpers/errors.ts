import { DefinitionError } from '../../server/src/errors/definition-error';

/** The message of the `kind` of error that `work` throws; fails the test when it throws none or another. */
export const errorOf = (work: () => unknown, kind: new (...args: never[]) => Error): string => {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(kind);
    return (error as Error).message;
  }
  throw new Error(`expected a ${kind.name}`);
};

/** The message of the DefinitionError that `work` throws. */
export const definitionErrorOf = (work: () => unknown): string => errorOf(work, DefinitionError);
