// Plain loops: `/\/+$/` backtracks on a long run of slashes that does not end the text (quadratic time).

/** `text` without the slashes that end it. */
export const trimTrailingSlashes = (text: string) => {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === 47) end -= 1;
  return text.slice(0, end);
};

/** `text` without the slashes that start or end it. */
export const trimSlashes = (text: string) => {
  let start = 0;
  while (start < text.length && text.charCodeAt(start) === 47) start += 1;
  return trimTrailingSlashes(text.slice(start));
};
