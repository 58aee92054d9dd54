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
import type { CompileDeps } from '../engine/deps';

/** What the runtime knows of a request once routing and authentication are done. */
export interface RuntimeRequest extends RequestContext {
  /** The caller's API key is marked for preview: it may read drafts (`?status=draft`, status "query"). */
  preview?: boolean;
  /** Whom the answer's signed file URLs are issued to (see runtime/limit-subject.ts); absent: public endpoints. */
  fileSubject?: string;
}

export type Handler = (ctx: Context, request: RuntimeRequest) => Promise<void>;

/** What reading handlers need of the engine (engine/deps.ts builds it). */
export interface ReadDeps {
  readonly dialect: Dialect;
  readonly executor: Executor;
  readonly modelOf: (uid: string) => Model | null;
  /** Absolute base URL from `server.url`, or null: links are then relative references (never from Host). */
  readonly publicUrl: string | null;
  readonly files: FileDeps;
  /** The site's i18n locales, as read by the load that compiles the definitions. */
  readonly locales: SiteLocales;
  /** The most related records a List's page may answer at worst (plugin option `related.maxRecordsPerAnswer`). */
  readonly maxRelatedPerAnswer: number;
  /** List totals, counted once per change of what they count. */
  readonly totals: Pick<Totals, 'total'>;
}

/** Media fields: signed URLs on reads, uploads on writes (the `files` options). */
export interface FileDeps {
  readonly library: MediaLibrary;
  readonly signer: FileSigner;
  readonly urls: FileUrls;
  readonly uploads: Uploads;
  readonly maxBytes: number;
  readonly maxRequestBytes: number;
  /** How long (s) a signed file URL stays valid (`files.urlTtlSeconds`). */
  readonly urlTtlSeconds: number;
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
