import { ORDER, CUSTOMER, USER, LOG, ARTICLE, POST, needs, v } from '../helpers/content-rights';

describe('what a definition needs (rightsOf)', () => {
  test('a List reads its type, the fields it returns, filters on and sorts on, following relations', () => {
    expect(
      needs({
        type: 'list',
        fields: [{ name: 'id' }, { name: 'total' }, { name: 'customer' }],
        filter: {
          $or: [{ status: 'paid' }, { customer: { tier: { $in: ['pro'] }, user: { id: { $eq: v('user.id') } } } }],
          $not: { quantity: { $gt: 5 } },
        },
        sort: [{ field: 'orderedAt', dir: 'desc' }],
      })
    ).toEqual([
      `object: read ${ORDER}`,
      `fields: read ${ORDER}.id`,
      `fields: read ${ORDER}.total`,
      `fields: read ${ORDER}.customer`,
      `filter: read ${ORDER}.status`,
      `filter: read ${ORDER}.customer`,
      `filter: read ${CUSTOMER}.tier`,
      `filter: read ${CUSTOMER}.user`,
      `filter: read ${ORDER}.quantity`,
      `sort: read ${ORDER}.orderedAt`,
    ]);
  });

  test('related fields read the related type and each field they answer, at every level', () => {
    expect(
      needs({
        type: 'list',
        fields: [{ name: 'customer', fields: [{ name: 'name' }, { name: 'user', fields: [{ name: 'username' }] }] }],
      })
    ).toEqual([
      `object: read ${ORDER}`,
      `fields: read ${ORDER}.customer`,
      `fields: read ${CUSTOMER}`,
      `fields: read ${CUSTOMER}.name`,
      `fields: read ${CUSTOMER}.user`,
      `fields: read ${USER}`,
      `fields: read ${USER}.username`,
    ]);
  });

  test('relations inside components and translations read what they answer', () => {
    expect(
      needs({
        type: 'list',
        object: POST,
        fields: [
          { name: 'links', fields: [{ name: 'article', fields: [{ name: 'title' }] }] },
          { name: 'localizations', fields: [{ name: 'title' }] },
        ],
      })
    ).toEqual([
      `object: read ${POST}`,
      `fields: read ${POST}.links.label`,
      `fields: read ${POST}.links.article`,
      `fields: read ${ARTICLE}`,
      `fields: read ${ARTICLE}.title`,
      `fields: read ${POST}`,
      `fields: read ${POST}.title`,
    ]);
  });

  test('a related id is the relation’s own value: it needs no right on the related type', () => {
    expect(needs({ type: 'list', fields: [{ name: 'id' }], filter: { customer: { id: 3 } } })).toEqual([
      `object: read ${ORDER}`,
      `fields: read ${ORDER}.id`,
      `filter: read ${ORDER}.customer`,
    ]);
  });

  test('an Aggregate reads its dimensions (through a relation), measures and query filters', () => {
    expect(
      needs({
        type: 'aggregate',
        aggregate: {
          dimensions: [{ variable: 'tier', field: 'customer.tier' }],
          measures: [
            { variable: 'n', op: 'count' },
            { variable: 'revenue', op: 'sum', field: 'total' },
          ],
          queryFilters: [{ param: 'from', field: 'orderedAt', op: 'gt' }],
        },
      })
    ).toEqual([
      `object: read ${ORDER}`,
      `aggregate.dimensions: read ${ORDER}.customer`,
      `aggregate.dimensions: read ${CUSTOMER}.tier`,
      `aggregate.measures: read ${ORDER}.total`,
      `aggregate.queryFilters: read ${ORDER}.orderedAt`,
    ]);
  });

  test('a Create creates its accepted and preset fields and reads what its filter checks', () => {
    expect(
      needs({
        type: 'create',
        fields: [{ name: 'quantity', required: true }],
        presets: { customer: v('param') },
        parameter: 'required',
        filter: { status: 'pending' },
      })
    ).toEqual([
      `object: create ${ORDER}`,
      `fields: create ${ORDER}.quantity`,
      `presets: create ${ORDER}.customer`,
      `filter: read ${ORDER}.status`,
    ]);
  });

  test('a Modify updates; a Delete deletes and reads its filter; publishing needs publish', () => {
    expect(
      needs({ type: 'modify', parameter: 'required', fields: [{ name: 'note' }], filter: { status: 'pending' } })
    ).toEqual([`object: update ${ORDER}`, `fields: update ${ORDER}.note`, `filter: read ${ORDER}.status`]);
    expect(needs({ type: 'delete', parameter: 'required', filter: { customer: { user: { id: 1 } } } })).toEqual([
      `object: delete ${ORDER}`,
      `filter: read ${ORDER}.customer`,
      `filter: read ${CUSTOMER}.user`,
    ]);
    expect(needs({ type: 'delete', parameter: 'required', object: 'api::article.article', publish: true })).toEqual([
      'object: delete api::article.article',
      'publish: publish api::article.article',
    ]);
  });

  test('tasks: what each action writes, what its filter and conditions read, and the record values it copies', () => {
    expect(
      needs({
        type: 'modify',
        parameter: 'required',
        fields: [{ name: 'note' }],
        tasks: [
          {
            action: 'raise-error',
            when: { not: { exists: { object: LOG, filter: { ref: v('record.id') } } } },
            message: 'no',
          },
          { action: 'raise-error', when: { all: [{ match: { status: 'paid' } }] }, message: 'paid' },
          { action: 'create-record', object: LOG, values: { message: v('previous.note'), ref: v('param') } },
          { action: 'update-records', object: CUSTOMER, filter: { email: 'a@b.c' }, values: { tier: 'pro' } },
          { action: 'delete-records', object: LOG, filter: { ref: 1 } },
        ],
      })
    ).toEqual([
      `object: update ${ORDER}`,
      `fields: update ${ORDER}.note`,
      `tasks[0]: read ${ORDER}.id`,
      `tasks[0]: read ${LOG}`,
      `tasks[0]: read ${LOG}.ref`,
      `tasks[1]: read ${ORDER}.status`,
      `tasks[2]: read ${ORDER}.note`,
      `tasks[2]: create ${LOG}`,
      `tasks[2]: create ${LOG}.message`,
      `tasks[2]: create ${LOG}.ref`,
      `tasks[3]: update ${CUSTOMER}`,
      `tasks[3]: update ${CUSTOMER}.tier`,
      `tasks[3]: read ${CUSTOMER}.email`,
      `tasks[4]: delete ${LOG}`,
      `tasks[4]: read ${LOG}.ref`,
    ]);
  });
});
