import { formatPath, type Problem } from '../../../contracts/problems';
import { SECTION_OF_PROPERTY, type BuilderSection } from '../../../contracts/sections';
import { isProperty } from './problems';

/**
 * Where the builder shows a problem, so that a refused Save can take the admin there. A part of the form marks the
 * element of a place with `problemPlace(path)` (a filter row with `['filter', '$and', 0]`); a problem goes to the
 * place of the longest start of its path, else to the input named by its property (`name`, `path`), else to the
 * card of its section (`sectionPlace`).
 */
export const problemPlace = (path: Problem['path']) => ({ 'data-problem-path': formatPath(path) });

/** Marks the card of a builder section. */
export const sectionPlace = (section: BuilderSection) => ({ 'data-builder-section': section });

const CONTROLS = 'input:not([disabled]), textarea:not([disabled]), [role="combobox"], [contenteditable="true"]';
const FOCUSABLE = `${CONTROLS}, button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])`;

const marked = (root: ParentNode, path: Problem['path']) =>
  root.querySelector<HTMLElement>(`[data-problem-path="${CSS.escape(formatPath(path))}"]`);

/** The element that shows the problem at `path` (see above), or null when the form shows none. */
const placeOf = (root: HTMLElement, path: Problem['path']): HTMLElement | null => {
  for (let length = path.length; length >= 0; length -= 1) {
    // The whole input's place (`[]`) is a last resort: a property's own input or section comes first.
    if (length === 0 && isProperty(path[0])) break;
    const found = marked(root, path.slice(0, length));
    if (found) return found;
  }
  const [property] = path;
  if (!isProperty(property)) return marked(root, []);
  return (
    root.querySelector<HTMLElement>(`[name="${CSS.escape(property)}"]`) ??
    root.querySelector<HTMLElement>(`[data-builder-section="${SECTION_OF_PROPERTY[property]}"]`)
  );
};

/** The control to focus at a place: the one marked invalid, else the first control, else anything focusable. */
const controlAt = (place: HTMLElement) =>
  place.matches(FOCUSABLE)
    ? place
    : (place.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      place.querySelector<HTMLElement>(CONTROLS) ??
      place.querySelector<HTMLElement>(FOCUSABLE));

/**
 * Scrolls to the first place (in the page's order) of `paths` in `root` and focuses its control (the place itself
 * when it has none, a message say). Nothing when the form shows none of them.
 */
export const focusFirstProblem = (root: HTMLElement, paths: Array<Problem['path']>) => {
  const places = paths.map((path) => placeOf(root, path)).filter((place): place is HTMLElement => place !== null);
  const first = places.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))[0];
  if (!first) return;
  first.scrollIntoView({ block: 'center' });
  const control = controlAt(first);
  if (!control) first.tabIndex = -1;
  (control ?? first).focus({ preventScroll: true });
};
