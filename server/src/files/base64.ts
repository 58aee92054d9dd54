/** `data:<type>;base64,` as browsers' FileReader.readAsDataURL gives it; the declared type is not trusted. */
const DATA_URL_PREFIX = /^data:[\w.+-]+\/[\w.+-]+(;[\w.+-]+=[\w.+-]+)*;base64,/;

/**
 * Decodes standard base64 (RFC 4648 section 4, with padding) strictly: Node's decoder skips characters it
 * does not know, so the bytes must encode back to exactly the text sent. Whitespace and line breaks are
 * refused too. Null when the text is not canonical base64.
 */
export const decodeBase64 = (text: string): Buffer | null => {
  const body = text.startsWith('data:') ? text.replace(DATA_URL_PREFIX, '') : text;
  if (body.length % 4 !== 0 || body.startsWith('data:')) return null;
  const bytes = Buffer.from(body, 'base64');
  return bytes.toString('base64') === body ? bytes : null;
};

/** How many bytes a base64 text of `length` characters decodes to, at most (before decoding it). */
export const decodedSizeOf = (length: number) => Math.floor((length * 3) / 4);
