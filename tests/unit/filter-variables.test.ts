import { renderPredicate } from '../../server/src/query/filter';
import type { RenderContext } from '../../server/src/query/predicate';
import { compile, CUSTOMER_OWNERS, CUSTOMER_SUB, definitionError, render } from '../helpers/filter-fixtures';

describe('variables', () => {
  test('a variable binds its value per request', () => {
    const predicate = compile({ customer: { id: { $eq: { $var: 'param' } } } });
    const first: unknown[] = [];
    const second: unknown[] = [];
    expect(renderPredicate(predicate, { param: 12 }, first)).toBe(
      `t0."id" IN (${CUSTOMER_OWNERS} AND l1."customer_id" = ?)`
    );
    renderPredicate(predicate, { param: 13 }, second);
    expect(first).toEqual([12]);
    expect(second).toEqual([13]);
  });

  test('a variable is typed by the field codec', () => {
    expect(render({ orderedAt: { $lt: { $var: 'now' } } }, { now: '2026-03-05T00:00:00.000Z' }).bindings).toEqual([
      Date.UTC(2026, 2, 5),
    ]);
    expect(render({ note: { $contains: { $var: 'user.email' } } }, { 'user.email': 'a_b@x' }).bindings).toEqual([
      '%a!_b@x%',
    ]);
    expect(render({ quantity: { $in: [1, { $var: 'param' }] } }, { param: 4 }).bindings).toEqual([1, 4]);
  });

  test('an unknown variable is a definition error', () => {
    expect(definitionError({ total: { $var: 'bogus' } })).toBe('total: unknown variable "bogus"');
    expect(definitionError({ total: { $gt: { $var: 'record.total' } } })).toBe(
      'total.$gt: unknown variable "record.total"'
    );
  });

  test.each([
    ['missing', {}],
    ['null', { param: null }],
    ['of the wrong type', { param: 'abc' }],
    ['out of range', { param: 2147483648 }],
  ])('a value that is %s renders NULL (fail closed)', (_, vars) => {
    const ctx: RenderContext = { vars, bindings: [] };
    expect(compile({ quantity: { $var: 'param' } })(ctx)).toEqual({ sql: 'NULL', unknown: true });
    expect(ctx.bindings).toEqual([]);
  });

  test('a present value leaves the condition known', () => {
    const ctx: RenderContext = { vars: { param: 2 }, bindings: [] };
    expect(compile({ quantity: { $var: 'param' } })(ctx).unknown).toBe(false);
  });

  test('one missing slot of $in or $between makes the whole leaf NULL', () => {
    expect(render({ quantity: { $in: [1, { $var: 'param' }] } })).toEqual({ sql: 'NULL', bindings: [] });
    expect(render({ quantity: { $between: [{ $var: 'param' }, 5] } })).toEqual({ sql: 'NULL', bindings: [] });
  });

  test('under $not a missing value stays unknown', () => {
    expect(render({ $not: { status: { $var: 'user.role' } } })).toEqual({ sql: 'NOT (NULL)', bindings: [] });
  });

  test('a missing value only disables its own leaf in an $or', () => {
    expect(render({ $or: [{ status: { $var: 'user.role' } }, { total: { $gt: 100 } }] })).toEqual({
      sql: '(NULL OR t0."total" > ?)',
      bindings: [100],
    });
  });

  test('across a relation the subquery keeps the unknown with OR NULL', () => {
    expect(render({ customer: { tier: { $var: 'param' } } }).sql).toBe(
      `(t0."id" IN (${CUSTOMER_SUB} AND NULL) OR NULL)`
    );
    expect(render({ customer: { id: { $var: 'param' } } }).sql).toBe(
      `(t0."id" IN (${CUSTOMER_OWNERS} AND NULL) OR NULL)`
    );
    expect(render({ $not: { customer: { $var: 'param' } } }).sql).toBe(
      `NOT ((t0."id" IN (${CUSTOMER_OWNERS} AND NULL) OR NULL))`
    );
    expect(render({ customer: { $not: { $eq: { $var: 'param' } } } }).sql).toBe(
      `(t0."id" IN (${CUSTOMER_OWNERS} AND NOT (NULL)) OR NULL)`
    );
  });

  test('the unknown of a nested relation reaches the outer condition', () => {
    const ctx: RenderContext = { vars: {}, bindings: [] };
    const { sql, unknown } = compile({ customer: { user: { id: { $var: 'user.id' } } } })(ctx);
    expect(sql.startsWith('(t0."id" IN (')).toBe(true);
    expect(sql.endsWith(' AND NULL) OR NULL)) OR NULL)')).toBe(true);
    expect(unknown).toBe(true);
  });

  test('a known relation condition keeps a plain IN', () => {
    expect(render({ customer: { id: { $var: 'param' } } }, { param: 3 }).sql).toBe(
      `t0."id" IN (${CUSTOMER_OWNERS} AND l1."customer_id" = ?)`
    );
  });
});
