import { useState } from 'react';
import type { Problem } from '../../../contracts/problems';
import { localProblems, type Draft } from './draft';
import { problemsBySection } from './problems';
import { useLivePathProblem } from './sections/pathProblem';
import { shownProblems } from './shownProblems';
import { usePlainWords } from './usePlainWords';

/**
 * The problems of the builder's draft, in plain words at their fields: those the builder finds itself (which stop
 * a Save before it is sent), the live check of the path, and the admin API's from the last refused Save. The
 * aggregate settings say theirs in their own rows.
 */
export const useBuilderProblems = (draft: Draft) => {
  const { words } = usePlainWords();
  const [server, setServer] = useState<Problem[]>([]);
  const [pathTyped, setPathTyped] = useState(false);
  const livePath = useLivePathProblem(draft, pathTyped);
  const inWords = (problems: Problem[]) =>
    problems.map((p) => (p.path[0] === 'aggregate' ? p : { ...p, message: words(p.message, p.path[0]) }));
  const own = inWords(
    Object.entries(localProblems(draft)).map(([property, message]) => ({ path: [property], message }))
  );
  const shownWith = (found: Problem[]) => shownProblems(inWords(found), own, livePath);
  const shown = shownWith(server);
  return {
    /** Each problem shown, once. */
    shown,
    /** The problems by section, as the sections show them. */
    bySection: problemsBySection(shown),
    /** Whether the builder itself stops the Save: the draft cannot be sent as it is. */
    stopsSave: own.length > 0,
    /** Shows the admin API's problems with a Save, and answers every problem then shown. */
    refused: (found: Problem[]) => {
      setServer(found);
      return shownWith(found);
    },
    /** A part of the draft changed: the admin API's problems with it no longer hold. */
    changed: (property: keyof Draft) => {
      setServer((problems) => problems.filter((p) => p.path[0] !== property));
      if (property === 'path') setPathTyped(true);
    },
    /** A Save went through. */
    saved: () => setServer([]),
  };
};
