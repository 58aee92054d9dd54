import type { Context } from 'koa';
import { invalidData, MESSAGES } from '../../../contracts/messages';
import { ApiError } from '../errors/api-error';
import type { CompileDeps } from '../engine/deps';
import type { HandledDefinition } from './types';
import { compileEndpointFilter } from '../query/endpoint-filter';
import { publicationCondition } from '../query/list-sql';
import type { Model } from '../query/model';
import { variableProblem, variablesFor, type Variables } from '../query/variables';
import { compileTasks } from '../tasks/compile';
import { TaskFieldError } from '../tasks/actions';
import { withRecordVariables } from '../tasks/variables';
import { FieldError } from '../errors/field-error';
import { fileDataLength } from '../files/incoming';
import { mediaFieldsOf } from '../files/media-links';
import { compileLocale } from '../query/locale';
import { holdsMedia } from '../query/components/fields';
import { readJsonBody, type FileAllowance } from '../writes/body';
import { requestLocale } from '../writes/localization';
import { nestedFileDataLength, stageAllFiles } from '../writes/nested-files';
import { compileInput } from '../writes/input';
import { emptyLockPlan, type LockPlan } from '../writes/locks';
import { createRowQueries } from '../writes/row-queries';
import { runWriteTransaction } from '../writes/transaction';
import type { Values } from '../query/tx-db';
import { txDb, type TxDb } from '../query/tx-db';

/** Turns a refused value into a 400 `Invalid data for field: ...`, saying which item of an array payload it was. */
export const asClientError = (error: unknown, many: boolean): unknown => {
  if (error instanceof FieldError)
    return new ApiError(400, invalidData(error.field, { item: many ? error.index : undefined, reason: error.reason }));
  if (error instanceof TaskFieldError) {
    return new ApiError(400, invalidData(error.field, { item: error.item, task: error.task }));
  }
  return error;
};

/** What Create, Modify and Delete endpoints share, built once per definition change. */
export const compileWrite = (definition: HandledDefinition, model: Model, deps: CompileDeps, endpointId: number) => {
  const variables = variablesFor(definition);
  const explainVariable = (name: string) => variableProblem(name, definition);
  const filter = compileEndpointFilter(definition, model, deps);
  const rows = createRowQueries(
    model,
    filter,
    publicationCondition(model, definition.status, deps.dialect),
    deps.dialect
  );
  const input =
    definition.type === 'delete'
      ? null
      : compileInput(definition, model, deps.dialect, variables, explainVariable, deps.files.maxBytes);
  const accepted = new Set(definition.fields.map((f) => f.name));
  const mediaFields = mediaFieldsOf(model).filter((f) => accepted.has(f.name));
  const mediaNames = mediaFields.map((f) => f.name);
  // Component fields and dynamic zones with media fields inside: their files count as file data too.
  const withFiles = new Map([...model.fields].filter(([name, f]) => accepted.has(name) && holdsMedia(f)));
  // Files travel in the body as base64, a third larger than their bytes.
  const fileAllowance: FileAllowance | undefined =
    mediaFields.length || withFiles.size
      ? {
          bytes: Math.ceil(deps.files.maxRequestBytes / 3) * 4,
          dataLength: (body) => fileDataLength(body, mediaNames) + nestedFileDataLength(body, withFiles),
        }
      : undefined;
  const { uploads } = deps.files;
  const readDb = () => txDb(deps.connection(), deps.dialect);
  const writer = deps.writerOf(model);
  const locale = compileLocale(definition, model, deps.locales);
  const tasks = compileTasks(definition, model, deps);

  const plan: LockPlan = emptyLockPlan();
  plan.shared.add(model.uid);
  for (const uid of tasks.shared) plan.shared.add(uid);
  for (const uid of tasks.exclusive) plan.exclusive.add(uid);
  const writesUnique = [...definition.fields.map((f) => f.name), ...Object.keys(definition.presets)].some((n) =>
    writer.uniqueFields.includes(n)
  );
  if (writesUnique) plan.exclusive.add(model.uid);

  return {
    input,
    writer,
    rows,
    publish: definition.publish,
    /** The locale the request writes, on a translated type (else undefined). */
    localeOf: (ctx: Context) => requestLocale(locale, ctx),
    /** The request's JSON body: `maxBodyBytes`, and the files of its media fields besides, in `bodyTimeout`. */
    readBody: (ctx: Context) => readJsonBody(ctx, deps.maxBodyBytes, deps.bodyTimeout, fileAllowance),
    /**
     * Runs `work` in the write transaction, after uploading the files of `records` (a provider's upload holds
     * no database lock: docs/files.md): they are removed again if anything fails, and files the write unlinked
     * go once it has committed. A Modify names its `target`, which is looked up before any file is uploaded (a
     * miss is 404 with no upload). Refused values become a 400 (docs/reference.md#errors).
     */
    async run<T>(
      work: (db: TxDb) => Promise<T>,
      options: {
        many?: boolean;
        records?: Values[];
        target?: { id: number | undefined; vars: Variables; locale: string | undefined };
      } = {}
    ): Promise<T> {
      const { many = false, records = [], target } = options;
      let uploaded: Awaited<ReturnType<typeof uploads.stage>> = [];
      let released = new Set<number>();
      let result: T;
      try {
        uploaded = await stageAllFiles(uploads, records, model.fields, mediaFields, endpointId, async () => {
          const within = async (id: number) =>
            (await rows.find(readDb(), id, target!.vars, target!.locale ?? null, false)) !== null;
          if (target && !(target.id !== undefined && (await within(target.id)))) {
            throw new ApiError(404, MESSAGES.recordNotFound);
          }
        });
        result = await runWriteTransaction(deps, plan, async (db) => {
          const done = await work(db);
          released = db.releasedFiles;
          return done;
        });
      } catch (error) {
        await uploads.discard(uploaded);
        throw asClientError(error, many);
      }
      if (released.size) {
        await uploads.collect(released).catch((error: Error) => {
          deps.log.warn(`[data-api] could not remove unlinked uploads: ${error.message}`);
        });
      }
      return result;
    },
    /** The write check: written rows must still match the endpoint filter, or all is rolled back (403). */
    async check(db: TxDb, ids: number[], vars: Variables) {
      if (!(await rows.allMatch(db, ids, vars))) throw new ApiError(403, MESSAGES.forbidden);
    },
    /**
     * The id a Modify or Delete targets: the request's number, or a single type's one entry (undefined when
     * there is none within the filter, which `run` and `target` answer with 404).
     */
    async targetId(request: { param?: number }, vars: Variables, locale: string | undefined) {
      return model.single ? rows.entryId(readDb(), vars, locale ?? null) : request.param;
    },
    /**
     * A Modify's or Delete's target, within the filter and in the request's locale (a row of another locale is
     * no record of this endpoint; undefined: any locale, for the row a Create's `?localizationOf=` names), or
     * 404 `Record not found`.
     */
    async target(db: TxDb, id: number | undefined, vars: Variables, locale: string | undefined) {
      const found = id === undefined ? null : await rows.find(db, id, vars, locale ?? null);
      // Once the row is locked, the filter is asked again in a statement of its own: on PostgreSQL that sees a
      // relation (link rows) changed by a transaction that committed while this one waited for the lock.
      if (!found || !(await rows.allMatch(db, [found.id], vars))) throw new ApiError(404, MESSAGES.recordNotFound);
      return found;
    },
    /** Whole records for tasks, read only when there are tasks. */
    async records(db: TxDb, ids: number[]) {
      return tasks.count ? rows.read(db, ids) : new Map<number, Record<string, unknown>>();
    },
    async runTasks(
      db: TxDb,
      base: Variables,
      parts: { record?: Record<string, unknown>; previous?: Record<string, unknown>; input?: Record<string, unknown> }
    ) {
      if (tasks.count) await tasks.run(db, withRecordVariables(base, parts));
    },
  };
};
