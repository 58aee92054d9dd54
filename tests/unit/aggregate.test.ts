import { definitionErrorOf } from '../helpers/errors';
import { formatDate } from '../../server/src/aggregate/formats';
import { compileMeasure } from '../../server/src/aggregate/measures';
import { buildStatement } from '../../server/src/aggregate/statement';
import { codecFor } from '../../server/src/query/codecs';
import type { AggregateField } from '../../server/src/aggregate/fields';
import type { ModelField } from '../../server/src/query/model';
import { scalar } from '../helpers/models';

/** SQL shapes of the aggregate compiler; the values themselves are checked against the seed on every database. */
const target = (field: ModelField) => ({
  expression: 't0."x"',
  field: field as AggregateField['field'],
  codec: codecFor(field, 'sqlite'),
});

describe('formatDate', () => {
  test('SQLite reads epoch milliseconds as UTC and builds the ISO week from its Thursday', () => {
    const source = { dialect: 'sqlite' as const, kind: 'datetime' as const, timeZone: 'Asia/Kolkata' };
    expect(formatDate('c', 'month', source)).toBe("strftime('%Y-%m', datetime(c / 1000, 'unixepoch'))");
    expect(formatDate('c', 'week', source)).toContain("'+3 days'");
    expect(formatDate('c', 'day', { ...source, kind: 'date' })).toBe("strftime('%Y-%m-%d', c)");
  });
  test('PostgreSQL converts the local wall-clock time to UTC by zone name, not in UTC', () => {
    const source = { dialect: 'postgres' as const, kind: 'datetime' as const, timeZone: 'Europe/Paris' };
    expect(formatDate('c', 'quarter', source)).toBe(
      `to_char(((c AT TIME ZONE 'Europe/Paris') AT TIME ZONE 'UTC'), 'YYYY-"Q"Q')`
    );
    expect(formatDate('c', 'week', { ...source, timeZone: 'UTC' })).toBe(`to_char(c, 'IYYY-"W"IW')`);
  });
  test('MySQL uses the ISO week-year and week (%x, %v)', () => {
    const source = { dialect: 'mysql' as const, kind: 'datetime' as const, timeZone: 'UTC' };
    expect(formatDate('c', 'week', source)).toBe("DATE_FORMAT(c, '%x-W%v')");
    expect(formatDate('c', 'hour', source)).toBe("DATE_FORMAT(c, '%Y-%m-%dT%H')");
  });
});

describe('compileMeasure', () => {
  const refusal = definitionErrorOf;
  test('each op takes the fields it makes sense for', () => {
    expect(refusal(() => compileMeasure('sum', target(scalar('x', 'string')), 'sqlite', ['m']))).toBe(
      'm: "sum" needs a number field (this one is string)'
    );
    expect(refusal(() => compileMeasure('text', target(scalar('x', 'integer')), 'sqlite', ['m']))).toBe(
      'm: "text" needs a text field (this one is integer)'
    );
    expect(refusal(() => compileMeasure('max', null, 'sqlite', ['m']))).toBe('m: "max" needs a field');
  });
  test('decimals sum to cents, text values are distinct, sorted and joined', () => {
    const sum = compileMeasure('sum', target(scalar('x', 'decimal')), 'sqlite', ['m']);
    expect(sum.decode(0.1 + 0.2)).toBe(0.3);
    const text = compileMeasure('text', target(scalar('x', 'enumeration', 'x', { enum: ['b', 'a'] })), 'sqlite', ['m']);
    expect(text.expression).toBe('json_group_array(DISTINCT t0."x")');
    expect(text.decode('["paid",null,"cancelled","paid"]')).toBe('cancelled, paid');
    expect(text.decode(null)).toBe('');
    expect(compileMeasure('avg', target(scalar('x', 'integer')), 'mysql', ['m']).expression).toBe('AVG(t0."x" * 1e0)');
  });
});

describe('buildStatement', () => {
  test('one statement; a top N is a derived table joined null-safely, its bindings first', () => {
    const sql = buildStatement(
      {
        table: 'orders',
        joins: '',
        dimensions: [{ expression: 'd', dir: 'asc' }],
        measures: ['SUM(t)'],
        top: { expression: 'SUM(t)', dir: 'desc', limit: 3 },
        cap: 100,
      },
      'mysql'
    )('w = ?');
    expect(sql).toBe(
      'SELECT d AS d0, SUM(t) AS m0 FROM `orders` t0  JOIN (SELECT d AS k FROM `orders` t0  WHERE w = ? GROUP BY d ' +
        'ORDER BY SUM(t) DESC, CASE WHEN d IS NULL THEN 1 ELSE 0 END, d ASC LIMIT 3) top_values ON top_values.k <=> d ' +
        'WHERE w = ? GROUP BY d ORDER BY CASE WHEN d IS NULL THEN 1 ELSE 0 END, d ASC LIMIT 101'
    );
  });
});
