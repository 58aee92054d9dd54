import { LIMITS } from '../../../contracts/limits';
import { MESSAGES, tooManyRecords } from '../../../contracts/messages';
import { ApiError } from '../errors/api-error';
import { requestVariables } from '../query/variables';
import { isPlainObject } from '../../../contracts/json';
import { TaskFieldError } from '../tasks/actions';
import { asClientError, compileWrite } from './compile-write';
import { localizationParam, requireNewLocale } from '../writes/localization';
import type { HandlerFactory } from './types';

/**
 * Create (docs/writes.md): one record or an array of them, all or nothing: the rows, the write check and every
 * record's tasks in one transaction. 201 with the new id (or ids, in request order). On a translated type,
 * each record is a new document in the endpoint's locale, or with `?localizationOf=<id>` (one record) that
 * locale of the document of row <id>, a row within the endpoint's filter and status (else 404).
 */
export const createHandler: HandlerFactory = (definition, model, deps, endpointId) => {
  const write = compileWrite(definition, model, deps, endpointId);
  const input = write.input!;

  return async (ctx, request) => {
    const locale = write.localeOf(ctx);
    const localizing = locale === undefined ? undefined : localizationParam(ctx);
    const body = await write.readBody(ctx);
    const many = Array.isArray(body);
    // A document gets one record per locale.
    if (many && localizing !== undefined) throw new ApiError(400, MESSAGES.bodyNotObject);
    const items: unknown[] = many ? body : [body];
    if (!items.every(isPlainObject)) throw new ApiError(400, MESSAGES.bodyNotRecords);
    if (!items.length) throw new ApiError(400, MESSAGES.bodyEmpty);
    if (items.length > LIMITS.recordsPerRequest) throw new ApiError(413, tooManyRecords(LIMITS.recordsPerRequest));
    const vars = requestVariables(request);
    let parsed;
    try {
      parsed = items.map((item, i) => input.parse(item as Record<string, unknown>, i, vars));
    } catch (error) {
      throw asClientError(error, many);
    }

    const ids = await write.run(
      async (db) => {
        // The row named must be one the endpoint addresses (its filter and status; any locale), checked before
        // the document's locales, so a 409 says nothing about rows outside the filter.
        let documentId: string | undefined;
        if (localizing !== undefined) {
          documentId = (await write.target(db, localizing, vars, undefined)).documentId;
          await requireNewLocale(db, model, documentId, locale!);
        }
        const created = await write.writer.create(
          db,
          parsed.map((p) => p.values),
          write.publish,
          locale,
          documentId
        );
        await write.check(db, created, vars);
        const records = await write.records(db, created);
        for (const [i, id] of created.entries()) {
          try {
            await write.runTasks(db, vars, { record: records.get(id), input: parsed[i].input });
          } catch (error) {
            if (error instanceof TaskFieldError && many) error.item = i;
            throw error;
          }
        }
        return write.rows.recordIds(db, created);
      },
      { many, records: parsed.map((p) => p.values) }
    );

    ctx.status = 201;
    ctx.body = { success: true, object: model.uid, id: many ? ids : ids[0] };
  };
};
