/** The token of an `Authorization: Bearer <token>` header, whatever its form, or null. */
export const anyBearerToken = (header: string | undefined): string | null => {
  if (!header || header.length > 8192) return null;
  const match = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  return match ? match[1] : null;
};
