import { useParams } from 'react-router-dom';
import { METHOD_OF_TYPE, normalizePath } from '../../../../contracts/definition';
import { useAdminQuery } from '../../api/queries';
import { useT } from '../../hooks/useT';
import type { Draft } from '../draft';

/**
 * The problem with the path as typed, in plain words, before Save: empty once it was `typed` in, or the route of
 * another endpoint (same method, the case aside, as the server compares them). The endpoints come from the list
 * the panel already loaded.
 */
export const useLivePathProblem = (draft: Draft, typed: boolean): string | undefined => {
  const t = useT();
  const { id } = useParams<{ id: string }>();
  const endpoints = useAdminQuery('endpoints.find').data ?? [];
  const path = normalizePath(draft.path);
  const method = METHOD_OF_TYPE[draft.type];
  if (typed && !path) return t('problem.pathEmpty');
  const other = path
    ? endpoints.find(
        (e) => String(e.id) !== id && METHOD_OF_TYPE[e.type] === method && e.path.toLowerCase() === path.toLowerCase()
      )
    : undefined;
  return other ? t('problem.pathTakenBy', { route: `${method} /_api/${other.path}`, name: other.name }) : undefined;
};
