import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { METHOD_OF_TYPE, normalizePath } from '../../../../contracts/definition';
import { problemsOfLines } from '../../api/errors';
import { useAdminQuery } from '../../api/queries';
import { useT } from '../../hooks/useT';
import type { Draft } from '../draft';
import { usePlainWords } from '../usePlainWords';

/**
 * The problem with the path as typed, in plain words, before Save: empty once it was typed in, or the route of
 * another endpoint (same method, the case aside, as the server compares them), else the builder's or the admin
 * API's problem with it. The endpoints come from the list the panel already loaded.
 */
export const usePathProblem = (draft: Draft, problem: string | undefined) => {
  const t = useT();
  const { words } = usePlainWords();
  const { id } = useParams<{ id: string }>();
  const endpoints = useAdminQuery('endpoints.find').data ?? [];
  const [typed, setTyped] = useState(false);
  const path = normalizePath(draft.path);
  const method = METHOD_OF_TYPE[draft.type];
  const other = path
    ? endpoints.find(
        (e) => String(e.id) !== id && METHOD_OF_TYPE[e.type] === method && e.path.toLowerCase() === path.toLowerCase()
      )
    : undefined;
  const live = (() => {
    if (typed && !path) return t('problem.pathEmpty');
    if (other) return t('problem.pathTakenBy', { route: `${method} /_api/${other.path}`, name: other.name });
    return undefined;
  })();
  const said = problemsOfLines(problem, 'path').map((p) => words(p.message));
  return { problem: live ?? (said.join('; ') || undefined), typedIn: () => setTyped(true) };
};
