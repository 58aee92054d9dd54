import type { Context } from 'koa';
import type { EndpointDefinition } from '../../../contracts/definition';
import type { Dialect } from '../query/dialect';
import type { Executor } from '../query/executor';
import type { RequestContext } from '../query/variables';
import type { Model } from '../query/model';
import type { Status } from '../query/status';
import type { SiteLocales } from '../query/locale';
import type { FileSigner } from '../files/signature';
import type { FileUrls } from '../files/file-urls';
import type { MediaLibrary } from '../files/media-library';
import type { Uploads } from '../files/uploads';
import type { Totals } from '../totals';
import type { WriteDeps } from '../writes/write-deps';
import type { BodyTimeout } from '../writes/read-chunks';

/** What the runtime knows of a request once routing and authentication are done. */
export interface RuntimeRequest extends RequestContext {
  /** The caller's API key is marked for preview: it may read drafts (`?status=draft`, status "query"). */
  preview?: boolean;
  /** Whom the answer's signed file URLs are issued to (see runtime/limit-subject.ts); absent: public endpoints. */
  fileSubject?: string;
}

export type Handler = (ctx: Context, request: RuntimeRequest) => Promise<void>;

/** What reading handlers need, built once per definitions reload. */
export interface ReadDeps {
  dialect: Dialect;
  executor: Executor;
  modelOf: (uid: string) => Model | null;
  /** Absolute base URL from `server.url`, or null: links are then relative references (never from Host). */
  publicUrl: string | null;
  files: FileDeps;
  /** The site's i18n locales as of the last reload (the registry refreshes them before compiling). */
  locales: SiteLocales;
  /** List totals, counted once per change of what they count. */
  totals: Pick<Totals, 'total'>;
}

/** Media fields: signed URLs on reads, uploads on writes (the `files` options). */
export interface FileDeps {
  library: MediaLibrary;
  signer: FileSigner;
  urls: FileUrls;
  uploads: Uploads;
  maxBytes: number;
  maxRequestBytes: number;
}

/** Everything a handler factory needs: writing handlers add the writers, locks and transactions. */
export interface CompileDeps extends Omit<ReadDeps, 'totals'>, Omit<WriteDeps, 'totals'> {
  totals: Totals;
  /** The largest request body a write endpoint reads (plugin option `maxBodyBytes`). */
  maxBodyBytes: number;
  /** How long a request body may take to arrive (plugin option `bodyTimeout`). */
  bodyTimeout: BodyTimeout;
}

/**
 * A definition as a handler factory compiles it: with the one version it reads. An endpoint whose status comes
 * from the request is compiled once per version (`statusFromQuery`: its requests carry `?status=`).
 */
export type HandledDefinition = Omit<EndpointDefinition, 'status'> & { status: Status; statusFromQuery?: boolean };

export type HandlerFactory = (
  definition: HandledDefinition,
  model: Model,
  deps: CompileDeps,
  endpointId: number
) => Handler;
