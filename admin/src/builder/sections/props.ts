import type { ObjectDescription } from '../../../../contracts/objects';
import type { Draft } from '../draft';

/** Changes one part of the draft (and clears the admin API's problem with it). */
export type SetDraft = <K extends keyof Draft>(key: K, value: Draft[K]) => void;

/** The problems of the draft by section (`problemsBySection` and `localProblems` keys), `other` for the rest. */
export type Problems = Record<string, string>;

/** What every section of the endpoint builder edits: the draft, for the object it is about. */
export interface SectionProps {
  draft: Draft;
  set: SetDraft;
  problems: Problems;
  object: ObjectDescription | undefined;
}
