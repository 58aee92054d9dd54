import type { Context } from 'koa';
import type { EndpointDefinition } from '../../../contracts/definition';
import type { Dialect } from '../query/dialect';
import type { Executor } from '../query/executor';
import type { Model } from '../query/model';

/** What the runtime knows of a request once routing and authentication are done. */
export interface RuntimeRequest {
  param?: number;
}

export type Handler = (ctx: Context, request: RuntimeRequest) => Promise<void>;

/** Everything a handler factory needs, built once per definitions reload. */
export interface CompileDeps {
  dialect: Dialect;
  executor: Executor;
  modelOf: (uid: string) => Model | null;
  /** Absolute base URL from `server.url`, or null to use the request's own origin. */
  publicUrl: string | null;
}

export type HandlerFactory = (definition: EndpointDefinition, model: Model, deps: CompileDeps) => Handler;
