import { formatPath, type Problem } from '../../../contracts/problems';
import { useAdminQuery } from '../api/queries';
import { useT } from '../hooks/useT';
import { plainWords } from './problemWords';

/**
 * `plainWords` for the builder's components, naming types by the display names the builder has loaded: a
 * message, or the problems of one section as a line, each after its place inside the section
 * (`dimensions[0].field: There is no field “colour” on Order`; the section itself goes without saying).
 */
export const usePlainWords = () => {
  const t = useT();
  const objects = useAdminQuery('objects.find').data ?? [];
  const objectName = (uid: string) => objects.find((o) => o.uid === uid)?.displayName ?? uid;
  const words = (message: string, property?: string | number) => plainWords({ t, objectName }, message, property);
  const inSection = (problems: Problem[]) =>
    problems
      .map(({ path, message }) => (path.length > 1 ? `${formatPath(path.slice(1))}: ` : '') + words(message))
      .join('; ') || undefined;
  return { words, inSection };
};
