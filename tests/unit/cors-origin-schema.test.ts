import { canonicalOrigin, originSchema } from '../../contracts/origin';

describe('canonicalOrigin', () => {
  test.each([
    ['https://shop.example.com', 'https://shop.example.com'],
    ['https://shop.example.com/', 'https://shop.example.com'],
    ['https://Shop.Example.COM/path/page?q=1#top', 'https://shop.example.com'],
    ['HTTP://localhost:4000/x', 'http://localhost:4000'],
    // The default port is not part of the origin.
    ['https://shop.example.com:443/', 'https://shop.example.com'],
    ['http://shop.example.com:80', 'http://shop.example.com'],
    ['https://shop.example.com:8443', 'https://shop.example.com:8443'],
    ['https://user:pw@shop.example.com/', 'https://shop.example.com'],
    ['http://[::1]:3000/', 'http://[::1]:3000'],
    ['https://bücher.example/', 'https://xn--bcher-kva.example'],
  ])('%s has the origin %s', (text, origin) => {
    expect(canonicalOrigin(text)).toBe(origin);
  });

  test.each(['', 'null', '*', 'shop.example.com', '/relative/path', 'ftp://files.example.com', 'file:///etc/passwd'])(
    '%p has no http(s) origin',
    (text) => {
      expect(canonicalOrigin(text)).toBeNull();
    }
  );
});

describe('originSchema', () => {
  test.each([
    'https://shop.example.com',
    'http://localhost:4000',
    'https://shop.example.com:8443',
    'http://[::1]:3000',
  ])('%s is accepted', (origin) => {
    expect(originSchema.safeParse(origin)).toEqual({ success: true, data: origin });
  });

  test.each([
    ['a trailing slash', 'https://shop.example.com/'],
    ['a path', 'https://shop.example.com/shop'],
    ['a query', 'https://shop.example.com?x=1'],
    ['another scheme', 'ftp://shop.example.com'],
    ['a missing scheme', 'shop.example.com'],
    ['an upper-case host', 'https://Shop.example.com'],
    ['an upper-case scheme', 'HTTPS://shop.example.com'],
    ['the default port', 'https://shop.example.com:443'],
    ['credentials', 'https://user@shop.example.com'],
    ['surrounding spaces', ' https://shop.example.com'],
    ['a wildcard', '*'],
    ['the opaque origin', 'null'],
    ['an empty string', ''],
  ])('%s is refused', (_, text) => {
    const result = originSchema.safeParse(text);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toMatch(/^an origin is "scheme:\/\/host\[:port\]"/);
  });

  test('a non-string is refused', () => {
    expect(originSchema.safeParse(42).success).toBe(false);
  });
});
