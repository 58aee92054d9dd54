import { JSON_PARTS } from './draft';

const SECTIONS = [
  'name',
  'path',
  'type',
  'object',
  'parameter',
  'status',
  'publish',
  'locale',
  'media',
  'enabled',
  'fields',
  'sort',
  'auth',
  'allowedIps',
  ...JSON_PARTS,
] as const;

/** The admin API's problems (`fields[1]: ...`), by the part of the builder they concern; the rest under `other`. */
export const problemsBySection = (messages: string[]) => {
  const found: Record<string, string> = {};
  for (const message of messages) {
    const section = SECTIONS.find((s) => message.startsWith(s)) ?? 'other';
    found[section] = found[section] ? `${found[section]}; ${message}` : message;
  }
  return found;
};
