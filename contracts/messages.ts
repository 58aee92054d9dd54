/** Error messages of the spec (section 7) and of DESIGN.md section 3, in one place. */
export const MESSAGES = {
  invalidParameters: 'Invalid request parameters',
  notFound: 'Not found',
  methodNotAllowed: 'Method not allowed',
  unauthorized: 'Unauthorized',
  forbidden: 'Forbidden',
  internal: 'Internal server error',
} as const;
