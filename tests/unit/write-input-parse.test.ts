import { bodyTooLarge, invalidData, tooManyRecords } from '../../contracts/messages';
import { FieldError } from '../../server/src/errors/field-error';
import { fields, compile, refused } from '../helpers/write-input';

describe('parse on create', () => {
  const input = compile({
    fields: [{ name: 'title' }, { name: 'quantity', required: true }, { name: 'note' }, { name: 'orderedAt' }],
    presets: { source: 'web', ownerId: { $var: 'user.id' } },
  });

  test('returns the parsed values, then the presets, and the input as sent', () => {
    const body = { title: 'Pens', quantity: 3, orderedAt: '2026-01-02T03:04:05Z' };
    const { values, input: sent } = input.parse(body, 0, { 'user.id': 7 });
    expect([...values]).toEqual([
      ['title', 'Pens'],
      ['quantity', 3],
      ['orderedAt', new Date(Date.UTC(2026, 0, 2, 3, 4, 5))],
      ['source', 'web'],
      ['ownerId', 7],
    ]);
    expect(sent).toEqual(body);
  });

  test('a field not accepted is refused with its name and the record index', () => {
    expect(refused(() => input.parse({ title: 'A', quantity: 1, color: 'red' }, 4, {}))).toEqual([
      'color',
      4,
      'Invalid data for field: color',
    ]);
  });

  test('the client cannot send id', () => {
    expect(refused(() => input.parse({ id: 9, title: 'A', quantity: 1 }, 0, {}))).toEqual([
      'id',
      0,
      'Invalid data for field: id',
    ]);
  });

  test('the client cannot send a preset field', () => {
    expect(refused(() => input.parse({ title: 'A', quantity: 1, source: 'api' }, 1, { 'user.id': 7 }))).toEqual([
      'source',
      1,
      'Invalid data for field: source',
    ]);
  });

  test('a value its rule refuses', () => {
    expect(refused(() => input.parse({ title: 'A', quantity: 101 }, 2, {}))).toEqual([
      'quantity',
      2,
      'Invalid data for field: quantity',
    ]);
    expect(refused(() => input.parse({ title: 'A', quantity: 1, orderedAt: 'soon' }, 0, {}))[0]).toBe('orderedAt');
  });

  test('a field the endpoint marks required must be present and not null', () => {
    expect(refused(() => input.parse({ title: 'A' }, 3, {}))).toEqual([
      'quantity',
      3,
      'Invalid data for field: quantity',
    ]);
    expect(refused(() => input.parse({ title: 'A', quantity: null }, 0, {}))[0]).toBe('quantity');
  });

  test('a field the content type requires must be present even when the endpoint does not mark it', () => {
    expect(refused(() => input.parse({ quantity: 1 }, 0, {}))[0]).toBe('title');
    expect(refused(() => input.parse({ title: null, quantity: 1 }, 0, {}))[0]).toBe('title');
  });

  test('optional fields may be left out or cleared', () => {
    const { values } = input.parse({ title: 'A', quantity: 1, note: null }, 0, { 'user.id': 1 });
    expect(values.get('note')).toBeNull();
    expect(values.has('orderedAt')).toBe(false);
  });

  test('a preset variable without a value writes null', () => {
    expect(input.parse({ title: 'A', quantity: 1 }, 0, {}).values.get('ownerId')).toBeNull();
  });

  test("a preset variable's value is checked by the field's rule", () => {
    expect(refused(() => input.parse({ title: 'A', quantity: 1 }, 5, { 'user.id': 'seven' }))).toEqual([
      'ownerId',
      5,
      'Invalid data for field: ownerId',
    ]);
  });

  test('a preset into a required field refuses a missing variable', () => {
    const byEmail = compile({ fields: fields('note'), presets: { title: { $var: 'user.email' } } });
    expect(byEmail.parse({}, 0, { 'user.email': 'ann@example.com' }).values.get('title')).toBe('ann@example.com');
    expect(refused(() => byEmail.parse({}, 2, {}))).toEqual(['title', 2, 'Invalid data for field: title']);
  });

  test('relations take ids', () => {
    const linked = compile({ fields: fields('title', 'customer', 'tags') });
    expect([...linked.parse({ title: 'A', customer: 4, tags: [2, 1] }, 0, {}).values]).toEqual([
      ['title', 'A'],
      ['customer', 4],
      ['tags', [2, 1]],
    ]);
    expect(refused(() => linked.parse({ title: 'A', tags: [2, 2] }, 0, {}))[0]).toBe('tags');
    expect(refused(() => linked.parse({ title: 'A', customer: { id: 4 } }, 0, {}))[0]).toBe('customer');
  });
});

describe('parse on modify', () => {
  const input = compile({
    type: 'modify',
    fields: fields('title', 'quantity', 'status'),
    presets: { source: 'admin-panel' },
  });

  test('only the fields sent, then the presets', () => {
    expect([...input.parse({ quantity: 9 }, 0, {}).values]).toEqual([
      ['quantity', 9],
      ['source', 'admin-panel'],
    ]);
    expect([...input.parse({}, 0, {}).values]).toEqual([['source', 'admin-panel']]);
  });

  test('a field the content type requires cannot be cleared', () => {
    expect(refused(() => input.parse({ title: null }, 0, {}))).toEqual(['title', 0, 'Invalid data for field: title']);
    expect(refused(() => input.parse({ status: null }, 0, {}))[0]).toBe('status');
  });

  test('unknown fields and id are refused', () => {
    expect(refused(() => input.parse({ note: 'x' }, 0, {}))[0]).toBe('note');
    expect(refused(() => input.parse({ id: 3 }, 0, {}))[0]).toBe('id');
  });
});

describe('FieldError', () => {
  test('names the field; the index defaults to 0', () => {
    const error = new FieldError('quantity');
    expect(error.message).toBe('Invalid data for field: quantity');
    expect(error.index).toBe(0);
    expect(new FieldError('title', 3).index).toBe(3);
  });
});

describe('messages', () => {
  test('invalidData names the field, the array item and the task', () => {
    expect(invalidData('quantity')).toBe('Invalid data for field: quantity');
    expect(invalidData('quantity', {})).toBe('Invalid data for field: quantity');
    expect(invalidData('quantity', { item: 2 })).toBe('Invalid data for field: quantity (item 2)');
    expect(invalidData('quantity', { item: 0 })).toBe('Invalid data for field: quantity (item 0)');
    expect(invalidData('title', { task: 1 })).toBe('Invalid data for field: title (task 1)');
    expect(invalidData('title', { item: 3, task: 0 })).toBe('Invalid data for field: title (item 3, task 0)');
  });

  test('limits', () => {
    expect(bodyTooLarge(1024)).toBe('Request body is too large (at most 1024 bytes)');
    expect(tooManyRecords(1000)).toBe('Too many records: at most 1000 per request');
  });
});
