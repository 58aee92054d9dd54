import { createHmac } from 'node:crypto';
import { KEY_PREFIX, bearerToken, displayPrefix, generateSecret, hashSecret } from '../../server/src/auth/api-key';

const SECRET = `dapi_${'A1b2-_'.repeat(7)}x`;

describe('generateSecret', () => {
  test('is dapi_ and 43 url-safe characters (256 bits)', () => {
    expect(generateSecret()).toMatch(/^dapi_[A-Za-z0-9_-]{43}$/);
    expect(KEY_PREFIX).toBe('dapi_');
  });

  test('is random', () => {
    const secrets = new Set(Array.from({ length: 50 }, generateSecret));
    expect(secrets.size).toBe(50);
  });

  test('is accepted back as a bearer token', () => {
    const secret = generateSecret();
    expect(bearerToken(`Bearer ${secret}`)).toBe(secret);
  });
});

describe('hashSecret', () => {
  test('is the hex HMAC-SHA512 of the secret keyed by the server secret', () => {
    const hash = hashSecret('server-key', SECRET);
    expect(hash).toMatch(/^[0-9a-f]{128}$/);
    expect(hash).toBe(createHmac('sha512', 'server-key').update(SECRET).digest('hex'));
    expect(hash).not.toContain(SECRET);
  });

  test('is stable, and changes with the key or the secret', () => {
    expect(hashSecret('k', SECRET)).toBe(hashSecret('k', SECRET));
    expect(hashSecret('k2', SECRET)).not.toBe(hashSecret('k', SECRET));
    expect(hashSecret('k', `${SECRET.slice(0, -1)}y`)).not.toBe(hashSecret('k', SECRET));
  });
});

describe('bearerToken', () => {
  test.each([[`Bearer ${SECRET}`], [`bearer ${SECRET}`], [`BEARER   ${SECRET}`], [`Bearer ${SECRET}  `]])(
    'reads %p',
    (header) => {
      expect(bearerToken(header)).toBe(SECRET);
    }
  );

  test.each([
    [undefined],
    [''],
    [SECRET],
    [`Basic ${SECRET}`],
    [`Bearer\t${SECRET}`],
    [`Bearer ${SECRET} extra`],
    ['Bearer dapi_short'],
    [`Bearer ${SECRET}z`],
    [`Bearer ${SECRET.replace('dapi_', 'xapi_')}`],
    [`Bearer ${SECRET.slice(0, -1)}=`],
  ])('refuses %p', (header) => {
    expect(bearerToken(header)).toBeNull();
  });
});

describe('displayPrefix', () => {
  test('shows the prefix and six characters', () => {
    expect(displayPrefix(SECRET)).toBe('dapi_A1b2-_');
    expect(displayPrefix(SECRET)).toHaveLength(11);
  });
});
