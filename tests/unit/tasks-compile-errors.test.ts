import { customer, log, article, compile, definitionError, raise } from '../helpers/tasks-compile';

describe('conditions: compile errors', () => {
  test('match is refused on a delete endpoint, however deep', () => {
    expect(definitionError('delete', [raise({ match: { quantity: 1 } })])).toBe(
      'tasks[0].when.match: a delete endpoint has no written record to match'
    );
    expect(definitionError('delete', [raise({ not: { match: { quantity: 1 } } })])).toBe(
      'tasks[0].when.not.match: a delete endpoint has no written record to match'
    );
    expect(definitionError('delete', [raise(), raise({ any: [{ exists: { object: log.uid } }, { match: {} }] })])).toBe(
      'tasks[1].when.any[1].match: a delete endpoint has no written record to match'
    );
  });

  test('match is fine on create and modify', () => {
    expect(compile('create', [raise({ match: { quantity: 1 } })]).compiled.count).toBe(1);
    expect(compile('modify', [raise({ all: [{ match: { quantity: 1 } }] })]).compiled.count).toBe(1);
  });

  test.each(['exists', 'notExists'])('%s needs a known object', (kind) => {
    expect(definitionError('create', [raise({ [kind]: { object: 'api::nope.nope' } })])).toBe(
      `tasks[0].when.${kind}.object: "api::nope.nope" is not a content type endpoints may use`
    );
  });

  test("filters are checked against their object's fields", () => {
    expect(definitionError('create', [raise({ exists: { object: log.uid, filter: { nope: 1 } } })])).toBe(
      'tasks[0].when.exists.filter.nope: unknown field "nope" on api::log.log'
    );
    expect(definitionError('create', [raise({ match: { secret: 'x' } })])).toBe(
      'tasks[0].when.match.secret: private fields cannot be exposed'
    );
    expect(definitionError('create', [raise({ match: { quantity: 'many' } })])).toBe(
      'tasks[0].when.match.quantity: "many" is not a valid value for this field'
    );
  });

  test('unknown variables are refused', () => {
    expect(definitionError('create', [raise({ match: { quantity: { $var: 'record.nope' } } })])).toBe(
      'tasks[0].when.match.quantity: unknown variable "record.nope"'
    );
    expect(definitionError('modify', [raise({ match: { quantity: { $var: 'bogus' } } })])).toBe(
      'tasks[0].when.match.quantity: unknown variable "bogus"'
    );
  });

  test('previous.* on a create is explained', () => {
    expect(definitionError('create', [raise({ match: { quantity: { $var: 'previous.quantity' } } })])).toBe(
      'tasks[0].when.match.quantity: the variable "previous.quantity" is known to modify and delete endpoints only (a create has no previous record)'
    );
  });

  test('input.* names an accepted field only', () => {
    expect(definitionError('modify', [raise({ match: { note: { $var: 'input.note' } } })])).toBe(
      'tasks[0].when.match.note: the variable "input.note" names no accepted field of this endpoint'
    );
    expect(
      definitionError('delete', [raise({ exists: { object: log.uid, filter: { ref: { $var: 'input.quantity' } } } })])
    ).toBe('tasks[0].when.exists.filter.ref: the variable "input.quantity" names no accepted field of this endpoint');
  });

  test('record.*, previous.* and input.* where they exist', () => {
    const vars = (name: string) => ({ exists: { object: log.uid, filter: { ref: { $var: name } } } });
    expect(() =>
      compile('modify', [
        raise(vars('record.quantity')),
        raise(vars('previous.quantity')),
        raise(vars('input.quantity')),
      ])
    ).not.toThrow();
    expect(() => compile('delete', [raise(vars('record.id')), raise(vars('previous.customer'))])).not.toThrow();
    expect(() =>
      compile('create', [raise(vars('record.customer')), raise(vars('param'))], { parameter: 'required' })
    ).not.toThrow();
  });
});

describe('actions: compile errors', () => {
  test.each([
    [{ action: 'create-record', object: 'api::nope.nope', values: {} }],
    [{ action: 'update-records', object: 'api::nope.nope', filter: {}, values: {} }],
    [{ action: 'delete-records', object: 'api::nope.nope', filter: {} }],
  ])('an unknown object is refused: %p', (task) => {
    expect(definitionError('modify', [raise(), task])).toBe(
      'tasks[1].object: "api::nope.nope" is not a content type endpoints may use'
    );
  });

  test('create-record must set the fields its type requires without a default', () => {
    expect(
      definitionError('create', [{ action: 'create-record', object: customer.uid, values: { name: 'Ann' } }])
    ).toBe('tasks[0].values: api::customer.customer requires "email"');
    // `orders` is required but has a default.
    expect(() =>
      compile('create', [{ action: 'create-record', object: customer.uid, values: { email: 'a@b.co' } }])
    ).not.toThrow();
  });

  test('values: unknown fields, system fields, invalid constants, unknown variables', () => {
    const create = (values: Record<string, unknown>) =>
      definitionError('modify', [{ action: 'create-record', object: log.uid, values }]);
    expect(create({ nope: 1 })).toBe('tasks[0].values.nope: unknown field "nope" on api::log.log');
    expect(create({ id: 3 })).toBe('tasks[0].values.id: "id" is set by Strapi and cannot be written');
    expect(create({ ref: 'x' })).toBe('tasks[0].values.ref: "x" is not a valid value for this field');
    expect(create({ ref: { $var: 'record.nope' } })).toBe('tasks[0].values.ref: unknown variable "record.nope"');
    expect(
      definitionError('modify', [
        { action: 'update-records', object: customer.uid, filter: {}, values: { email: 'nope' } },
      ])
    ).toBe('tasks[0].values.email: "nope" is not a valid value for this field');
  });

  test('previous.* in the values of a create task is refused', () => {
    const message = definitionError('create', [
      { action: 'create-record', object: log.uid, values: { ref: { $var: 'previous.quantity' } } },
    ]);
    expect(message).toMatch(/^tasks\[0\]\.values\.ref: .*"previous\.quantity"/);
  });

  test('update and delete filters are checked', () => {
    expect(
      definitionError('modify', [{ action: 'update-records', object: log.uid, filter: { nope: 1 }, values: {} }])
    ).toBe('tasks[0].filter.nope: unknown field "nope" on api::log.log');
    expect(
      definitionError('delete', [{ action: 'delete-records', object: log.uid, filter: { ref: { $lt: null } } }])
    ).toBe('tasks[0].filter.ref.$lt: $lt cannot compare with null');
  });
});

describe('locks', () => {
  test('conditions, updates, deletes and unique values lock their type exclusively; creates share it', () => {
    const { compiled } = compile('modify', [
      raise({ exists: { object: article.uid } }),
      { action: 'create-record', object: log.uid, values: { message: 'x' } },
      { action: 'update-records', object: customer.uid, filter: {}, values: { name: 'x' } },
    ]);
    expect(compiled.count).toBe(3);
    expect([...compiled.exclusive]).toEqual([article.uid, customer.uid]);
    expect([...compiled.shared]).toEqual([log.uid]);

    const unique = compile('modify', [
      { action: 'update-records', object: customer.uid, filter: {}, values: { email: 'a@b.co' } },
    ]);
    expect([...unique.compiled.exclusive]).toEqual([customer.uid]);
    expect([...unique.compiled.shared]).toEqual([]);
  });

  test('match reads only the written record', () => {
    const { compiled } = compile('create', [raise({ match: { quantity: 1 } })]);
    expect([...compiled.exclusive]).toEqual([]);
    expect([...compiled.shared]).toEqual([]);
  });
});
