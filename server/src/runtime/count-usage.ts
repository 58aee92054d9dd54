import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { pluginConfig } from '../config/plugin-config';
import type { UsageRecorder } from '../usage/recorder';
import { keyIdOf, type RequestRecord } from './caller';

/**
 * Counts each answer of a request that matched an endpoint (docs/usage.md): its status class, its latency and
 * its body's length, and apart, whether a rate limit refused it and whether the response cache answered it (the
 * record says both, as the metrics tell them). Koa knows the length of a string, a buffer or a set
 * Content-Length; a JSON object body it measures by serializing it. A stream without a length counts 0 bytes.
 * Null when usage is off.
 */
export const createUsageCount = (strapi: Core.Strapi, recorder: UsageRecorder) => {
  if (!pluginConfig(strapi, 'usage').enabled) return null;
  return (ctx: Context, ms: number, record: RequestRecord) => {
    if (!record.endpoint) return;
    const { status, response } = ctx;
    recorder.count(record.endpoint, keyIdOf(record) ?? 0, status, ms, response.length ?? 0, record);
  };
};
