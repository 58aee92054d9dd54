import { targetsRecord } from '../../../contracts/definition';
import { LIMITS } from '../../../contracts/limits';
import { localizationExists, MESSAGES, tooManyGroups, unknownLocale } from '../../../contracts/messages';
import { LOCALE_PARAM } from '../query/locale';
import type { CompiledEndpoint } from '../engine/compile-endpoint';
import { mayLimit } from './descriptions';
import type { JsonSchema } from './field-schemas';
import { takesLocaleParameter } from './locale-parameter';
import { takesStatusParameter } from './status-parameter';

/** The error shape (docs/reference.md#errors), shared by every error answer. */
export const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['success', 'error'],
  properties: { success: { const: false }, error: { type: 'string' } },
};

/** An error answer in the error shape (docs/reference.md#errors), with the messages it can carry as examples. */
export const errorResponse = (description: string, examples: string[], headers?: Record<string, unknown>) => ({
  description,
  ...(headers ? { headers } : {}),
  content: {
    'application/json': {
      schema: { $ref: '#/components/schemas/Error' },
      examples: Object.fromEntries(
        examples.map((error, i) => [`e${i + 1}`, { summary: error, value: { success: false, error } }])
      ),
    },
  },
});

const RATE_LIMIT_HEADERS = {
  'Retry-After': {
    schema: { type: 'integer', minimum: 0 },
    description: 'Seconds until the spent limit has room again',
  },
  'RateLimit-Policy': {
    schema: { type: 'string' },
    description:
      'The limits that apply, one per list member: `"key";q=<requests>;w=<window in seconds>`, `"endpoint";...`',
  },
  RateLimit: {
    schema: { type: 'string' },
    description:
      'What is left of each limit counted: `"endpoint";r=<requests left>;t=<seconds until the window resets>`',
  },
};

const bullets = (lines: Array<string | false>) =>
  lines
    .filter(Boolean)
    .map((l) => `- ${l}`)
    .join('\n');

/** Every error status `endpoint` can answer on its documented path and method, with why. */
export const errorResponses = (endpoint: CompiledEndpoint, withNumber: boolean) => {
  const { type, definition } = endpoint;
  const reads = type === 'list' || type === 'aggregate';
  const writes = type === 'create' || type === 'modify';
  const keyAuth = endpoint.auth.method === 'api-key';
  const isPublic = endpoint.auth.method === 'public';
  const hasTasks = definition.tasks.length > 0;
  const localeParam = takesLocaleParameter(endpoint);
  const statusParam = takesStatusParameter(endpoint);
  const localizes = type === 'create' && endpoint.model.localized;
  const maxItems = definition.aggregate?.maxItems ?? LIMITS.defaultMaxItems;
  const responses: Record<string, unknown> = {};

  const badRequest = reads
    ? errorResponse(
        bullets([
          'a query parameter this endpoint does not take, a repeated one, or a value that does not fit its type',
          type === 'aggregate' && 'more groups than the endpoint answers (its `maxItems`)',
          statusParam && '`?status=` is neither `draft` nor `published`',
        ]),
        [
          MESSAGES.invalidParameters,
          ...(type === 'aggregate' ? [tooManyGroups(maxItems)] : []),
          ...(statusParam ? [MESSAGES.invalidStatus] : []),
        ]
      )
    : writes || hasTasks || localeParam
      ? errorResponse(
          bullets([
            localeParam && '`?locale=` names no locale of the site',
            localizes && '`?localizationOf=` is not one record id, or comes with an array of records',
            writes && 'the body is not valid JSON, or not of the expected shape',
            writes &&
              "a value breaks its field's rules, or a required field is missing: `Invalid data for field: <field>` (for an array, with the index of the record: `(item 2)`)",
            hasTasks && 'a task of the endpoint refused the write, with its own message: nothing was written',
            hasTasks && "a value a task writes breaks its field's rules: `Invalid data for field: <field> (task <i>)`",
          ]),
          [
            ...(localeParam ? [unknownLocale(LOCALE_PARAM)] : []),
            ...(localizes ? [MESSAGES.invalidParameters] : []),
            ...(writes ? [MESSAGES.invalidJson, 'Invalid data for field: <field>'] : []),
            ...(hasTasks ? ['<the message of a task>', 'Invalid data for field: <field> (task <i>)'] : []),
          ]
        )
      : null;
  if (badRequest) responses['400'] = badRequest;
  if (!isPublic) {
    responses['401'] = errorResponse(
      keyAuth
        ? 'No API key, or one that is unknown, revoked or expired'
        : "No session of a logged-in user of the endpoint's user object (an API key is not accepted here)",
      [MESSAGES.unauthorized],
      keyAuth
        ? { 'WWW-Authenticate': { schema: { type: 'string' }, description: 'Bearer realm="data-api"' } }
        : undefined
    );
  }
  // A public endpoint refuses no origin and no caller: only an address outside its allowed IPs, or drafts.
  if (!isPublic || endpoint.ipAllowed !== null || statusParam) {
    responses['403'] = errorResponse(
      bullets([
        endpoint.ipAllowed !== null && "the caller's address is not among the endpoint's allowed source IPs",
        keyAuth && 'the API key is valid but not allowed on this endpoint',
        statusParam && '`?status=draft` without an API key marked for preview',
        !keyAuth && !isPublic && 'a cross-origin call from an origin the site does not allow (`Origin not allowed`)',
        writes && "the written record would fall outside the endpoint's filter: nothing was written",
      ]),
      [
        MESSAGES.forbidden,
        ...(keyAuth || isPublic ? [] : [MESSAGES.originNotAllowed]),
        ...(statusParam ? [MESSAGES.previewOnly] : []),
      ]
    );
  }
  if (!withNumber && targetsRecord(type)) {
    // A single type's Modify: its one entry, addressed by the path alone.
    responses['404'] = errorResponse("The single type has no entry yet, or it is outside the endpoint's filter", [
      MESSAGES.recordNotFound,
    ]);
  } else if (withNumber) {
    responses['404'] = errorResponse(
      targetsRecord(type)
        ? "No record with this id within the endpoint's filter"
        : `The number is larger than ${LIMITS.maxRowId}`,
      targetsRecord(type) ? [MESSAGES.recordNotFound] : [MESSAGES.notFound]
    );
  }
  if (localizes) {
    responses['404'] = errorResponse(
      '`?localizationOf=` names no record this endpoint addresses (none, outside its filter, or not published)',
      [MESSAGES.recordNotFound]
    );
    responses['409'] = errorResponse("The document of `?localizationOf=` has the endpoint's locale already", [
      localizationExists('<locale>'),
    ]);
  }
  if (writes) {
    responses['413'] = errorResponse(
      type === 'create'
        ? `The body is too large, or holds more than ${LIMITS.recordsPerRequest} records`
        : 'The body is too large',
      ['Request body is too large (at most <n> bytes)']
    );
    responses['415'] = errorResponse('The body is not sent as JSON', [MESSAGES.notJson]);
  }
  if (mayLimit(endpoint)) {
    responses['429'] = errorResponse(
      bullets([
        !!definition.rateLimit && "the caller has spent the endpoint's limit (and its burst) in this window",
        keyAuth && "the API key has spent its own limit, counted across all the key's endpoints",
      ]),
      [MESSAGES.tooManyRequests],
      RATE_LIMIT_HEADERS
    );
  }
  if (!reads) {
    responses['503'] = errorResponse('The database stayed busy with conflicting writes: try again', [MESSAGES.busy], {
      'Retry-After': { schema: { type: 'integer' }, description: 'Seconds to wait before trying again' },
    });
  }
  return responses;
};
