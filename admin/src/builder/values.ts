/** A value as typed: JSON when it reads as JSON (`10`, `true`, `["a","b"]`), else the text itself. */
export const valueOf = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** The JSON in `text` (`empty` when blank), or null when it does not parse: the form then shows JSON. */
export const parsedOrNull = (text: string, empty: string): unknown => {
  try {
    return JSON.parse(text || empty);
  } catch {
    return null;
  }
};

/** A value as shown in a text input: strings as they are, anything else as JSON. */
export const textOf = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value ?? null));

/** What an editor of one JSON part of a definition (filter, presets) takes: its text, and what it may name. */
export interface PartEditorProps {
  text: string;
  fields: string[];
  variables: string[];
  onChange: (text: string) => void;
}
