import { requestVariables } from '../query/variables';
import { compileWrite } from './compile-write';
import type { HandlerFactory } from './types';

/**
 * Delete (docs/writes.md): the record `<id>` goes if the endpoint filter allows it, else 404 `Record not found`;
 * tasks follow in the same transaction, with the record as it was. On a translated type the record must be of
 * the endpoint's locale, and only that locale of its document goes (as Strapi's admin deletes a locale).
 */
export const deleteHandler: HandlerFactory = (definition, model, deps, endpointId) => {
  const write = compileWrite(definition, model, deps, endpointId);

  return async (ctx, request) => {
    const vars = requestVariables(request);
    const locale = write.localeOf(ctx);
    await write.run(async (db) => {
      const target = await write.target(db, request.param, vars, locale);
      const record = (await write.records(db, [target.id])).get(target.id);
      await write.writer.remove(db, [target]);
      await write.runTasks(db, vars, { record, previous: record });
    });

    ctx.status = 200;
    ctx.body = { success: true };
  };
};
