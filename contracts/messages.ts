/** Error messages of /_api (docs/reference.md#errors) and of the admin API, in one place. */
export const MESSAGES = {
  invalidParameters: 'Invalid request parameters',
  notFound: 'Not found',
  recordNotFound: 'Record not found',
  methodNotAllowed: 'Method not allowed',
  unauthorized: 'Unauthorized',
  forbidden: 'Forbidden',
  internal: 'Internal server error',
  busy: 'The database is busy: try again',
  notJson: 'Request body must be JSON (Content-Type: application/json)',
  invalidJson: 'Request body is not valid JSON',
  bodyTimeout: 'Request body not received in time',
  bodyNotObject: 'Request body must be a JSON object',
  bodyNotRecords: 'Request body must be a JSON object or an array of objects',
  bodyEmpty: 'Request body must hold at least one record',
  originNotAllowed: 'Origin not allowed',
  crossSiteNotAllowed: 'Cross-site request not allowed',
  loginBody: 'Request body must be {"identifier": string, "password": string}',
  invalidCredentials: 'Invalid identifier or password',
  loginDisabled: 'Login with an identifier and password is disabled',
  accountNotConfirmed: 'Your account email is not confirmed',
  accountBlocked: 'Your account has been blocked by an administrator',
  tooManyLogins: 'Too many failed logins: try again later',
  fileLinkInvalid: 'Invalid or tampered file link',
  fileLinkExpired: 'File link expired',
  fileUnavailable: 'The file could not be read from its storage',
  rangeNotSatisfiable: 'Range not satisfiable',
  uriTooLong: 'URI too long',
  tooManyRequests: 'Too many requests',
  limitsUnavailable: 'Rate limits cannot be checked right now: try again later',
  previewOnly: 'Reading drafts (?status=draft) needs an API key marked for preview',
  invalidStatus: 'Invalid request parameters: status must be "draft" or "published"',
  answerTooLarge: 'The answer is larger than this endpoint may send (maxAnswerBytes): narrow it with query filters',
  tooManyRelated:
    'The answer would hold more related records than this endpoint may send (related.maxRecordsPerAnswer): narrow it with query filters',
} as const;

/**
 * `Invalid data for field: <field>` (docs/reference.md#errors); for an array payload it adds the item's index in the
 * array (from 0), for a task's own values the task's index, and for a file why it was refused.
 */
export const invalidData = (field: string, where?: { item?: number; task?: number; reason?: string }) => {
  const place = [
    where?.item !== undefined ? `item ${where.item}` : null,
    where?.task !== undefined ? `task ${where.task}` : null,
    where?.reason ?? null,
  ].filter(Boolean);
  return `Invalid data for field: ${field}${place.length ? ` (${place.join(', ')})` : ''}`;
};

export const bodyTooLarge = (limit: number) => `Request body is too large (at most ${limit} bytes)`;
export const tooManyRecords = (limit: number) => `Too many records: at most ${limit} per request`;

export const tooManyGroups = (limit: number) =>
  `Too many groups: this aggregate answers at most ${limit} items (maxItems); narrow it with its filters`;

/** A Create of a localization (`?localizationOf=`) of a document that has the endpoint's locale already. */
export const localizationExists = (locale: string) =>
  `The document already has the locale ${locale}: modify that record instead`;

/** A Modify that publishes would also publish an editor's pending edit of a relation of a type to itself. */
export const pendingSelfRelation = (field: string) =>
  `Record has unpublished draft changes of field ${field} that publishing would carry along: publish or discard the draft first`;

/** `?locale=` (or another locale parameter) names no locale of the site: `400 Invalid request parameters`, naming the parameter. */
export const unknownLocale = (param: string) => `${MESSAGES.invalidParameters}: ${param} is not a locale of this site`;

/** A `?<key>:in=` list that does not parse, or a value of it invalid for its field: `400 Invalid request parameters`, naming the key. */
export const invalidValueList = (key: string, problem: string) => `${MESSAGES.invalidParameters}: ${key} ${problem}`;

/** A filter key given twice (`?id=1&id=2`): `400 Invalid request parameters`, pointing to the key that takes several values. */
export const repeatedFilter = (key: string, listKey: string) =>
  `${MESSAGES.invalidParameters}: ${key} is given twice; ask for several values with one ${listKey}=v1,v2,...`;
