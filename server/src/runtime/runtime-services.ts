import type { Engine } from '../engine';
import type { Service } from '../services/get-service';
import type { UsageRecorder } from '../usage/recorder';

/**
 * The plugin's services the runtime calls while serving, each narrowed to what it calls: handed over once by
 * `register()`, never looked up by name per request.
 */
export interface RuntimeServices {
  engine: Engine;
  usage: UsageRecorder;
  apiKeys: Pick<Service<'apiKeys'>, 'touch'>;
  adminRights: Pick<Service<'adminRights'>, 'allows'>;
  sessions: Pick<Service<'sessions'>, 'siteUser' | 'start' | 'end' | 'removeExpired'>;
  passwordChanges: Pick<Service<'passwordChanges'>, 'allows'>;
  loginThrottle: Pick<Service<'loginThrottle'>, 'attempt' | 'succeeded' | 'prune' | 'refusals'>;
  openapiDocuments: Pick<Service<'openapiDocuments'>, 'findPublic' | 'publicJson'>;
}
