import config from '../../server/src/config';

describe('plugin config validation', () => {
  const valid = { ...config.default };

  test('the defaults are valid', () => {
    expect(() => config.validator(valid)).not.toThrow();
  });

  test.each([
    [{ ...valid, keySecret: 'short' }, /keySecret must be at least 32 characters/],
    [{ ...valid, refreshIntervalMs: 5000 }, /refreshIntervalMs/],
    [{ ...valid, lastUsedPrecisionMs: -1 }, /lastUsedPrecisionMs/],
    [{ ...valid, unknownOption: true }, /unknownOption/],
    [
      { ...valid, bodyTimeout: { idleMs: 5000, totalMs: 1000 } },
      /bodyTimeout\.totalMs: totalMs must be at least idleMs/,
    ],
    [{ ...valid, bodyTimeout: { idleMs: 0, totalMs: 1000 } }, /bodyTimeout\.idleMs/],
  ])('%j is refused with a message naming the option', (value, message) => {
    expect(() => config.validator(value)).toThrow(/^Invalid config for plugin data-api: /);
    expect(() => config.validator(value)).toThrow(message);
  });
});

describe('session and cors options', () => {
  const valid = config.default;
  const withSession = (session: Record<string, unknown>) => ({ ...valid, session: { ...valid.session, ...session } });
  const withCors = (cors: Record<string, unknown>) => ({ ...valid, cors: { ...valid.cors, ...cors } });
  const messageOf = (value: unknown) => {
    try {
      config.validator(value);
    } catch (error) {
      return (error as Error).message;
    }
    throw new Error('expected the config to be refused');
  };

  test('the defaults: a lax session cookie of 7 days and no listed origins', () => {
    expect(valid.session).toEqual({
      cookieName: 'data_api_session',
      maxAgeMs: 7 * 86_400_000,
      sameSite: 'lax',
      maxPerUser: 20,
      maxFailuresPerIdentifier: 5,
      maxFailuresPerIp: 50,
      failureWindowMs: 900_000,
    });
    expect(valid.cors).toEqual({ maxAgeSeconds: 600 });
  });

  test.each([
    withCors({ origins: ['https://shop.example.com', 'http://localhost:4000'] }),
    withCors({ origins: [] }),
    withSession({ sameSite: 'none', cookieName: 'Shop-Session_2' }),
    withSession({ maxAgeMs: 60_000 }),
    withSession({ sameSite: 'strict' }),
  ])('%j is valid', (value) => {
    expect(() => config.validator(value)).not.toThrow();
  });

  test('a bad origin is named by its index', () => {
    expect(messageOf(withCors({ origins: ['https://shop.example.com', 'https://shop.example.com/'] }))).toMatch(
      /^Invalid config for plugin data-api: cors\.origins\[1\]: an origin is "scheme:\/\/host\[:port\]"/
    );
  });

  test.each([
    [withCors({ origins: ['https://shop.example.com/'] }), /cors\.origins\[0\]: an origin is/],
    [withCors({ origins: ['*'] }), /cors\.origins\[0\]: an origin is/],
    [withCors({ origins: 'https://shop.example.com' }), /cors\.origins: /],
    [withCors({ maxAgeSeconds: 86_401 }), /cors\.maxAgeSeconds: /],
    [withCors({ credentials: true }), /cors: .*credentials/],
    [{ ...valid, cors: undefined }, /cors: /],
    [withSession({ cookieName: 'data api session' }), /session\.cookieName: .*letters, digits, _ and - only/],
    [withSession({ cookieName: 'sid;Path=/' }), /session\.cookieName: /],
    [withSession({ cookieName: '' }), /session\.cookieName: /],
    [withSession({ cookieName: 'x'.repeat(65) }), /session\.cookieName: /],
    [withSession({ maxAgeMs: 59_999 }), /session\.maxAgeMs: /],
    [withSession({ maxAgeMs: 367 * 86_400_000 }), /session\.maxAgeMs: /],
    [withSession({ maxAgeMs: 60_000.5 }), /session\.maxAgeMs: /],
    [withSession({ sameSite: 'Lax' }), /session\.sameSite: /],
    [withSession({ maxPerUser: 0 }), /session\.maxPerUser: /],
    [withSession({ maxPerUser: 1.5 }), /session\.maxPerUser: /],
    [withSession({ maxPerUser: 1001 }), /session\.maxPerUser: /],
    [withSession({ maxFailuresPerIdentifier: 0 }), /session\.maxFailuresPerIdentifier: /],
    [withSession({ maxFailuresPerIp: 100_001 }), /session\.maxFailuresPerIp: /],
    [withSession({ failureWindowMs: 999 }), /session\.failureWindowMs: /],
    [withSession({ secure: true }), /session: .*secure/],
    [{ ...valid, session: undefined }, /session: /],
  ])('%j is refused with a message naming the option', (value, message) => {
    expect(messageOf(value)).toMatch(/^Invalid config for plugin data-api: /);
    expect(messageOf(value)).toMatch(message);
  });

  test('only the broken options are named', () => {
    const message = messageOf(withSession({ maxAgeMs: 1 }));
    expect(message).toContain('session.maxAgeMs');
    expect(message).not.toMatch(/cookieName|cors/);
  });
});

describe('files options', () => {
  const valid = config.default;
  const withFiles = (files: Record<string, unknown>) => ({ ...valid, files: { ...valid.files, ...files } });

  test('the defaults: 10 MiB a file, 20 MiB and 100 files a request, URLs valid 15 minutes', () => {
    expect(valid.files).toEqual({
      maxBytes: 10 * 1024 * 1024,
      maxRequestBytes: 20 * 1024 * 1024,
      maxFilesPerRequest: 100,
      urlTtlSeconds: 900,
    });
  });

  test.each([
    [withFiles({ maxBytes: 0 }), /files\.maxBytes/],
    [withFiles({ maxBytes: 30 * 1024 * 1024 }), /files\.maxRequestBytes: maxRequestBytes must be at least maxBytes/],
    [withFiles({ maxFilesPerRequest: 0 }), /files\.maxFilesPerRequest/],
    [withFiles({ urlTtlSeconds: 5 }), /files\.urlTtlSeconds/],
    [withFiles({ urlTtlSeconds: 8 * 86_400 }), /files\.urlTtlSeconds/],
    [withFiles({ maxBytes: '10MB' }), /files\.maxBytes/],
    [withFiles({ public: true }), /public/],
  ])('%j is refused with a message naming the option', (value, message) => {
    expect(() => config.validator(value)).toThrow(/^Invalid config for plugin data-api: /);
    expect(() => config.validator(value)).toThrow(message);
  });
});

describe('rate limit store options', () => {
  const valid = config.default;
  const withLimits = (rateLimit: Record<string, unknown>) => ({
    ...valid,
    rateLimit: { ...valid.rateLimit, ...rateLimit },
  });

  test('the store is skipped for 5 s after a failure unless set', () => {
    expect(valid.rateLimit.storeCooldownMs).toBe(5000);
    expect(() => config.validator(withLimits({ storeCooldownMs: 100 }))).not.toThrow();
  });

  test.each([0, 99, 600_001, 1.5, '5000'])('storeCooldownMs %j is refused, naming it', (storeCooldownMs) => {
    expect(() => config.validator(withLimits({ storeCooldownMs }))).toThrow(
      /^Invalid config for plugin data-api: rateLimit\.storeCooldownMs: /
    );
  });
});

describe('cache.cdnTagHeaders', () => {
  const withTags = (cdnTagHeaders: unknown) => ({
    ...config.default,
    cache: { ...config.default.cache, cdnTagHeaders },
  });

  test('takes either header, both or none', () => {
    for (const names of [['surrogate-key'], ['cache-tag'], ['cache-tag', 'surrogate-key'], []]) {
      expect(() => config.validator(withTags(names))).not.toThrow();
    }
  });

  test.each([
    [['x-tags'], /cache\.cdnTagHeaders\[0\]: /],
    [['cache-tag', 'cache-tag'], /cache\.cdnTagHeaders: each header at most once/],
  ])('%j is refused', (names, message) => {
    expect(() => config.validator(withTags(names))).toThrow(message);
  });
});
