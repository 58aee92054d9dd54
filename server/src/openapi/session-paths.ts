import { z } from 'zod';
import { MESSAGES } from '../../../contracts/messages';
import { loginSchema, SESSION_PATH } from '../../../contracts/session';
import { jsonContent, ref } from './context';
import { errorResponse } from './responses';
import type { JsonSchema } from './field-schemas';

const { $schema: _dialect, ...LOGIN_BODY } = z.toJSONSchema(loginSchema) as JsonSchema;

const SESSION_ANSWER: JsonSchema = {
  type: 'object',
  required: ['success', 'userObject', 'user', 'expiresAt'],
  properties: {
    success: { const: true },
    userObject: { type: 'string' },
    user: {
      type: 'object',
      required: ['id', 'username', 'email', 'role'],
      properties: {
        id: { type: 'integer' },
        username: { type: ['string', 'null'] },
        email: { type: ['string', 'null'] },
        role: { type: ['string', 'null'] },
      },
    },
    expiresAt: { type: 'string', format: 'date-time' },
  },
};

/**
 * `/_api/_session` (docs/sessions.md), described in documents holding a site users' Browser Session
 * endpoint: how a page logs its user in and out.
 */
export const sessionPaths = (cookieName: string, schemas: Record<string, JsonSchema>) => {
  schemas.SessionLogin = LOGIN_BODY;
  schemas.Session = SESSION_ANSWER;
  const tags = ['Browser Session'];
  const answer = { description: 'The logged-in user', content: jsonContent(ref('Session')) };
  return {
    [`/_api/${SESSION_PATH}`]: {
      post: {
        operationId: 'logIn',
        tags,
        summary: 'Log a site user in',
        description: `Checks the user's credentials (those of the site's users) and sets the httpOnly session cookie \`${cookieName}\`. Call it with \`credentials: 'include'\`.`,
        security: [],
        requestBody: { required: true, content: jsonContent(ref('SessionLogin')) },
        responses: {
          '200': {
            ...answer,
            headers: { 'Set-Cookie': { description: `The session cookie ${cookieName}`, schema: { type: 'string' } } },
          },
          '400': errorResponse('The body is not valid JSON, or not the login object', [
            MESSAGES.invalidJson,
            MESSAGES.loginBody,
          ]),
          '401': errorResponse('Wrong identifier or password', [MESSAGES.invalidCredentials]),
          '403': errorResponse('A blocked or unconfirmed user, login disabled, or an origin the site does not allow', [
            MESSAGES.accountBlocked,
            MESSAGES.accountNotConfirmed,
            MESSAGES.loginDisabled,
            MESSAGES.originNotAllowed,
          ]),
          '413': errorResponse('The body is too large', ['Request body is too large (at most <n> bytes)']),
          '415': errorResponse('The body is not sent as JSON', [MESSAGES.notJson]),
          '429': errorResponse('Too many failed logins', [MESSAGES.tooManyLogins], {
            'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } },
          }),
        },
      },
      get: {
        operationId: 'whoAmI',
        tags,
        summary: 'The logged-in user',
        security: [{ session: [] }],
        responses: {
          '200': answer,
          '401': errorResponse('No logged-in user', [MESSAGES.unauthorized]),
          '403': errorResponse('An origin the site does not allow', [MESSAGES.originNotAllowed]),
        },
      },
      delete: {
        operationId: 'logOut',
        tags,
        summary: 'Log out',
        description: 'Ends the session and clears its cookie.',
        security: [],
        responses: {
          '200': { description: 'Logged out', content: jsonContent(ref('Success')) },
          '403': errorResponse('An origin the site does not allow', [MESSAGES.originNotAllowed]),
        },
      },
    },
  };
};
