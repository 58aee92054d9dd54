import { z } from 'zod';

/** A web origin as browsers send it in `Origin`: `scheme://host[:port]`, no path, lower-case scheme and host. */
export const canonicalOrigin = (text: string): string | null => {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  return url.origin;
};

/** An allowed origin in the plugin config: exactly an origin (`https://shop.example.com`), nothing around it. */
export const originSchema = z.string().refine((text) => canonicalOrigin(text) === text, {
  message: 'an origin is "scheme://host[:port]" with no path or trailing slash, e.g. "https://shop.example.com"',
});
