import type { MEASURE_OPS } from '../../../contracts/aggregate';
import { DefinitionError, type Path } from '../errors/definition-error';
import type { Dialect } from '../query/dialect';
import type { AggregateField } from './fields';

export type MeasureOp = (typeof MEASURE_OPS)[number];

const NUMERIC = new Set(['integer', 'biginteger', 'float', 'decimal']);
const ORDERED = new Set([...NUMERIC, 'date', 'datetime', 'timestamp', 'time']);
const TEXT = new Set(['string', 'text', 'email', 'uid', 'enumeration', 'richtext']);

/** A measure as SQL, and how its raw value becomes the JSON number (or text) of the response. */
export interface CompiledMeasure {
  expression: string;
  decode: (raw: unknown) => unknown;
}

const toNumber = (raw: unknown) => (raw === null || raw === undefined ? null : Number(raw));
/** Decimals are `decimal(10,2)`: sums come back exact on PostgreSQL and MySQL, as binary floats on SQLite. */
const toCents = (raw: unknown) => (raw === null || raw === undefined ? null : Math.round(Number(raw) * 100) / 100);

/** `text`: the distinct values, as a JSON array from the database, sorted and joined by `, ` here. */
const textAggregate = (expression: string, dialect: Dialect) => {
  if (dialect === 'postgres') return `json_agg(DISTINCT ${expression})`;
  if (dialect === 'mysql') return `CONCAT('[', GROUP_CONCAT(DISTINCT JSON_QUOTE(${expression}) SEPARATOR ','), ']')`;
  return `json_group_array(DISTINCT ${expression})`;
};

const decodeText = (raw: unknown) => {
  if (raw === null || raw === undefined) return '';
  const values = (typeof raw === 'string' ? JSON.parse(raw) : raw) as unknown[];
  return [...new Set(values.filter((v) => v !== null).map(String))].sort().join(', ');
};

export const compileMeasure = (
  op: MeasureOp,
  target: AggregateField | null,
  dialect: Dialect,
  where: Path
): CompiledMeasure => {
  if (op === 'count') return { expression: 'COUNT(*)', decode: toNumber };
  if (!target) throw new DefinitionError(where, `"${op}" needs a field`);
  const { expression, field, codec } = target;
  const type = field.kind === 'relation' ? 'relation' : field.type;
  const refuse = (what: string) => new DefinitionError(where, `"${op}" needs ${what} (this one is ${type})`);
  switch (op) {
    case 'count_distinct':
      if (!codec.comparable) throw refuse('a comparable field');
      return { expression: `COUNT(DISTINCT ${expression})`, decode: toNumber };
    case 'sum':
    case 'avg': {
      if (!NUMERIC.has(type)) throw refuse('a number field');
      const decode = op === 'sum' && type === 'decimal' ? toCents : toNumber;
      // MySQL averages exact numbers to 4 decimals; as a double it gives what the others give.
      const operand = op === 'avg' && dialect === 'mysql' ? `${expression} * 1e0` : expression;
      return { expression: `${op.toUpperCase()}(${operand})`, decode };
    }
    case 'min':
    case 'max':
      if (!ORDERED.has(type)) throw refuse('a number, date or time field');
      return {
        expression: `${op.toUpperCase()}(${expression})`,
        decode: type === 'decimal' ? toCents : (raw) => codec.fromDb(raw),
      };
    default:
      if (!TEXT.has(type)) throw refuse('a text field');
      return { expression: textAggregate(expression, dialect), decode: decodeText };
  }
};
