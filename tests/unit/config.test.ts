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
  ])('%j is refused with a message naming the option', (value, message) => {
    expect(() => config.validator(value)).toThrow(/^Invalid config for plugin data-api: /);
    expect(() => config.validator(value)).toThrow(message);
  });
});
