import type { Core } from '@strapi/strapi';
import type { Context } from 'koa';
import { pluginConfig } from '../config/plugin-config';
import type { UsageRecorder } from '../usage/recorder';
import { keyIdOf, type RequestRecord } from './caller';

/**
 * Koa's `response.length`, reading the Content-Length it set without its `response.get`, which copies every
 * header of the answer to read one.
 */
const lengthOf = (ctx: Context): number => {
  const declared = ctx.res.getHeader('Content-Length');
  if (declared !== undefined) return parseInt(String(declared), 10) || 0;
  return ctx.response.length ?? 0;
};

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
    recorder.count(record.endpoint, keyIdOf(record) ?? 0, ctx.status, ms, lengthOf(ctx), record);
  };
};
