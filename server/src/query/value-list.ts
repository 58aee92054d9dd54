/** The values of a `?<field>:in=` filter, or why its text does not parse (completing "id:in ..."). */
export type ValueList = { values: string[] } | { problem: string };

const QUOTE = '"';
const BACKSLASH = '\\';
const COMMA = ',';

/**
 * Splits the text of a `:in` filter into its values: separated by commas; a value holding a comma (or a quote) is
 * written in double quotes, where `\"` is a quote and `\\` a backslash. One pass over the text, character by
 * character (a regex on request input could backtrack), that stops at the `max + 1`-th value. Empty values,
 * quoted or not, are refused: a list of values is no way to ask for empty text.
 */
export const splitValueList = (text: string, max: number): ValueList => {
  if (text === '') return { problem: 'has no value' };
  const values: string[] = [];
  let at = 0;
  for (;;) {
    if (values.length === max) return { problem: `has more than ${max} values` };
    let value: string;
    if (text[at] === QUOTE) {
      value = '';
      let from = at + 1;
      for (at = from; text[at] !== QUOTE; at += 1) {
        if (at >= text.length) return { problem: 'has a quote that is not closed' };
        if (text[at] !== BACKSLASH) continue;
        const escaped = text[at + 1];
        if (escaped !== QUOTE && escaped !== BACKSLASH)
          return { problem: 'has a backslash inside quotes that escapes neither " nor \\' };
        // The backslash is dropped; the character it escapes opens the next run (and closes no quote).
        value += text.slice(from, at);
        at += 1;
        from = at;
      }
      value += text.slice(from, at);
      at += 1;
      if (at < text.length && text[at] !== COMMA) return { problem: 'has a closing quote not followed by a comma' };
    } else {
      const comma = text.indexOf(COMMA, at);
      const end = comma === -1 ? text.length : comma;
      value = text.slice(at, end);
      if (value.includes(QUOTE)) return { problem: 'has a quote inside a value: write that value in quotes' };
      at = end;
    }
    if (value === '') return { problem: 'has an empty value' };
    values.push(value);
    if (at >= text.length) return { values };
    at += 1;
  }
};
