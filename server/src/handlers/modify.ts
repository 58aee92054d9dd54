import { MESSAGES } from '../../../contracts/messages';
import { ApiError } from '../errors/api-error';
import { requestVariables } from '../query/variables';
import { isPlainObject } from '../../../contracts/json';
import { asClientError, compileWrite } from './compile-write';
import type { HandlerFactory } from './types';

/**
 * Modify (docs/writes.md): the fields sent change on the record `<id>` (a single type's one entry, with no number),
 * which must match the endpoint filter and, on a translated type, be of the endpoint's locale (else 404 `Record
 * not found`) and still match the filter afterwards (else 403); tasks follow in the same transaction.
 */
export const modifyHandler: HandlerFactory = (definition, model, deps, endpointId) => {
  const write = compileWrite(definition, model, deps, endpointId);
  const input = write.input!;

  return async (ctx, request) => {
    const locale = write.localeOf(ctx);
    const body = await write.readBody(ctx);
    if (!isPlainObject(body)) throw new ApiError(400, MESSAGES.bodyNotObject);
    const vars = requestVariables(request);
    let parsed;
    try {
      parsed = input.parse(body, 0, vars);
    } catch (error) {
      throw asClientError(error, false);
    }

    const targetId = await write.targetId(request, vars, locale);
    await write.run(
      async (db) => {
        const target = await write.target(db, targetId, vars, locale);
        const previous = (await write.records(db, [target.id])).get(target.id);
        const [id] = await write.writer.update(db, [target], parsed.values, write.publish);
        await write.check(db, [id], vars);
        const record = (await write.records(db, [id])).get(id);
        await write.runTasks(db, vars, { record, previous, input: parsed.input });
      },
      { records: [parsed.values], target: { id: targetId, vars, locale } }
    );

    ctx.status = 200;
    ctx.body = { success: true };
  };
};
