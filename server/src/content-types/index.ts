import endpoint from './endpoint/schema.json';
import apiKey from './api-key/schema.json';
import openapiDocument from './openapi-document/schema.json';
import writeLock from './write-lock/schema.json';
import session from './session/schema.json';
import loginThrottle from './login-throttle/schema.json';
import passwordChange from './password-change/schema.json';
import upload from './upload/schema.json';
import generation from './generation/schema.json';
import usageBucket from './usage-bucket/schema.json';

export default {
  endpoint: { schema: endpoint },
  'api-key': { schema: apiKey },
  'openapi-document': { schema: openapiDocument },
  'write-lock': { schema: writeLock },
  session: { schema: session },
  'login-throttle': { schema: loginThrottle },
  'password-change': { schema: passwordChange },
  upload: { schema: upload },
  generation: { schema: generation },
  'usage-bucket': { schema: usageBucket },
};
