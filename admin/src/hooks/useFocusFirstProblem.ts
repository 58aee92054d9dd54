import { useEffect, useRef, useState } from 'react';
import type { Problem } from '../../../contracts/problems';
import { focusFirstProblem } from '../builder/problemPlaces';

/**
 * Takes the admin to the first of some problems once the form shows them: `focus(paths)` asks, and the scroll
 * and focus happen after the render that marks them (an invalid input exists only then). `root` is the form.
 */
export const useFocusFirstProblem = <E extends HTMLElement>() => {
  const root = useRef<E>(null);
  // A new object each time: the same problems refused twice are shown twice.
  const [request, setRequest] = useState<{ paths: Array<Problem['path']> } | null>(null);
  useEffect(() => {
    if (request && root.current) focusFirstProblem(root.current, request.paths);
  }, [request]);
  return { root, focus: (paths: Array<Problem['path']>) => setRequest({ paths }) };
};
