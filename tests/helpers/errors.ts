import { DefinitionError } from '../../server/src/errors/definition-error';

/** The message of the DefinitionError that `work` throws; fails the test when it throws none or another. */
export const definitionErrorOf = (work: () => unknown): string => {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(DefinitionError);
    return (error as Error).message;
  }
  throw new Error('expected a DefinitionError');
};
