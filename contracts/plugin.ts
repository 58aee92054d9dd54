/** The plugin's id and the UIDs of its content types. */
export const PLUGIN_ID = 'data-api';

export const UIDS = {
  endpoint: `plugin::${PLUGIN_ID}.endpoint`,
  apiKey: `plugin::${PLUGIN_ID}.api-key`,
  openapiDocument: `plugin::${PLUGIN_ID}.openapi-document`,
  writeLock: `plugin::${PLUGIN_ID}.write-lock`,
  session: `plugin::${PLUGIN_ID}.session`,
  loginThrottle: `plugin::${PLUGIN_ID}.login-throttle`,
  passwordChange: `plugin::${PLUGIN_ID}.password-change`,
  upload: `plugin::${PLUGIN_ID}.upload`,
  generation: `plugin::${PLUGIN_ID}.generation`,
  usageBucket: `plugin::${PLUGIN_ID}.usage-bucket`,
} as const;
