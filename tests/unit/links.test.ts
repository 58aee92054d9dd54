import { buildPageLinks, linkBase, linkHeader, type LinkInput } from '../../server/src/query/links';

const BASE = 'https://shop.example/_api/orders';
const links = (input: Partial<LinkInput>) =>
  buildPageLinks({ base: BASE, entries: [], page: 1, more: true, keyset: null, ...input });

describe('page-based links', () => {
  test('page 1 of several: next only', () => {
    expect(links({})).toEqual({ next: { href: `${BASE}?page=2` } });
  });

  test('a middle page: next and prev', () => {
    expect(links({ page: 2, entries: [['page', '2']] })).toEqual({
      next: { href: `${BASE}?page=3` },
      prev: { href: BASE },
    });
  });

  test('the last page has no next; prev names the page before', () => {
    expect(links({ page: 3, more: false, entries: [['page', '3']] })).toEqual({ prev: { href: `${BASE}?page=2` } });
  });

  test('a single page or an empty result has no links', () => {
    expect(links({ more: false })).toEqual({});
  });

  test('a page past the end still links back', () => {
    expect(links({ page: 9, more: false })).toEqual({ prev: { href: `${BASE}?page=8` } });
  });

  test('other query parameters are kept, page moves to the end', () => {
    expect(
      links({
        page: 2,
        entries: [
          ['page', '2'],
          ['status', 'paid'],
          ['total:gt', '10'],
        ],
      })
    ).toEqual({
      next: { href: `${BASE}?status=paid&total:gt=10&page=3` },
      prev: { href: `${BASE}?status=paid&total:gt=10` },
    });
  });
});

describe('keyset links', () => {
  test('next carries the last id of the page as the cursor', () => {
    expect(links({ keyset: { lastId: 100 } })).toEqual({ next: { href: `${BASE}?after=100` } });
  });

  test('replaces the previous cursor, drops page and keeps other parameters', () => {
    const result = links({
      page: 2,
      entries: [
        ['status', 'paid'],
        ['after', '100'],
        ['page', '2'],
      ],
      keyset: { lastId: 300 },
    });
    expect(result.next).toEqual({ href: `${BASE}?status=paid&after=300` });
    expect(result.prev).toEqual({ href: `${BASE}?after=100&status=paid` });
  });

  test("keeps the client's own id filters beside the cursor", () => {
    const entries: Array<[string, string]> = [
      ['id:gt', '1990'],
      ['id:lt', '5000'],
    ];
    expect(links({ entries, keyset: { lastId: 2090 } }).next).toEqual({
      href: `${BASE}?id:gt=1990&id:lt=5000&after=2090`,
    });
  });

  test('no next on the last page', () => {
    expect(links({ more: false, keyset: { lastId: 40 } })).toEqual({});
  });
});

describe('one order', () => {
  const orders: Array<Array<[string, string]>> = [
    [
      ['status', 'paid'],
      ['page', '2'],
      ['id:gt', '5'],
      ['total:gt', '10'],
    ],
    [
      ['total:gt', '10'],
      ['id:gt', '5'],
      ['page', '2'],
      ['status', 'paid'],
    ],
  ];

  test('parameters given in any order are linked sorted by name, then page', () => {
    for (const entries of orders) {
      expect(links({ page: 2, entries })).toEqual({
        next: { href: `${BASE}?id:gt=5&status=paid&total:gt=10&page=3` },
        prev: { href: `${BASE}?id:gt=5&status=paid&total:gt=10` },
      });
    }
  });

  test('a keyset link: sorted by name, then the cursor', () => {
    for (const entries of orders) {
      expect(links({ entries: [...entries, ['after', '100']], keyset: { lastId: 300 } }).next).toEqual({
        href: `${BASE}?id:gt=5&status=paid&total:gt=10&after=300`,
      });
    }
  });
});

describe('encoding', () => {
  test('values are percent-encoded, the colon of keys stays literal', () => {
    const { next } = links({
      entries: [
        ['note', 'rush & fragile'],
        ['orderedAt:gt', '2026-03-05T14:30:00+02:00'],
      ],
    });
    expect(next!.href).toBe(`${BASE}?note=rush%20%26%20fragile&orderedAt:gt=2026-03-05T14%3A30%3A00%2B02%3A00&page=2`);
  });

  test('other characters of keys are encoded', () => {
    expect(links({ entries: [['a b&c', 'x']] }).next!.href).toBe(`${BASE}?a%20b%26c=x&page=2`);
  });

  test('the links parse back to the original pairs', () => {
    const entries: Array<[string, string]> = [
      ['id:gt', '5'],
      ['note', 'a=b?c#d/é'],
    ];
    const url = new URL(links({ entries }).next!.href);
    expect([...url.searchParams]).toEqual([...entries, ['page', '2']]);
  });
});

describe('Link header', () => {
  test('next then prev, comma separated', () => {
    expect(linkHeader({ next: { href: `${BASE}?page=3` }, prev: { href: BASE } })).toBe(
      `<${BASE}?page=3>; rel="next", <${BASE}>; rel="prev"`
    );
  });

  test('one relation alone', () => {
    expect(linkHeader({ prev: { href: `${BASE}?page=2` } })).toBe(`<${BASE}?page=2>; rel="prev"`);
    expect(linkHeader({ next: { href: `${BASE}?id:gt=9` } })).toBe(`<${BASE}?id:gt=9>; rel="next"`);
  });

  test('no relation, no header', () => {
    expect(linkHeader({})).toBeNull();
  });
});

describe('linkBase', () => {
  test('absolute under server.url', () => {
    expect(linkBase('https://shop.example', '/_api/orders')).toBe('https://shop.example/_api/orders');
  });

  test('without server.url, a relative reference: nothing comes from the Host header', () => {
    expect(linkBase(null, '/_api/orders')).toBe('/_api/orders');
  });
});
