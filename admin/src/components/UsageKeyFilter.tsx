import { Box } from '@strapi/design-system';
import type { UsageSeries } from '../../../contracts/usage';
import { SelectField } from '../builder/SelectField';
import { useT } from '../hooks/useT';
import type { UsageFormat } from '../hooks/useUsageFormat';

/** The filter's value for every key: no `key` in the usage query. */
export const ALL_KEYS = 'all';

/**
 * Narrows the Usage page to the requests of one key (or those made without one), chosen among the keys that made
 * requests in the range (`keys`: the series per key, unfiltered), named as the tables name them.
 */
export const UsageKeyFilter = ({
  keys,
  value,
  onChange,
  format,
}: {
  keys: UsageSeries;
  value: string;
  onChange: (value: string) => void;
  format: UsageFormat;
}) => {
  const t = useT();
  const options: Array<[string, string]> = keys.groups.map((group) => [String(group.id), format.group(group, 'key')]);
  // A key chosen in another range stays offered, so that the select still says what the page shows.
  if (value !== ALL_KEYS && !options.some(([id]) => id === value))
    options.push([value, format.group({ id: Number(value), label: null, gone: false }, 'key')]);
  return (
    <Box minWidth="240px">
      <SelectField
        name="key"
        label={t('usage.filter.key')}
        value={value}
        options={[[ALL_KEYS, t('usage.filter.allKeys')], ...options]}
        onChange={onChange}
      />
    </Box>
  );
};
