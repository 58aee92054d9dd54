import { Box, Typography } from '@strapi/design-system';
import type { RateLimit } from '../../../contracts/rate-limit';
import type { PlannedItem, SettingChange, ValueSetting } from '../../../contracts/transfer';
import { useT, type Translate } from '../hooks/useT';
import { rateLimitText } from './RateLimitFields';

type Value = Extract<SettingChange, { before: unknown }>['before'];

/** Settings whose values are seconds; the response cache's absent value is "off", the CDN's "none". */
const SECONDS: readonly ValueSetting[] = ['cache', 'sharedMaxAge', 'staleWhileRevalidate'];

/** A setting's value in words, as the builder names it (types, authentication methods, seconds, yes or no). */
const valueText = (setting: ValueSetting, value: Value, t: Translate): string => {
  if ((value === null || value === '') && setting === 'cache') return t('transfer.change.off');
  if (value === null || value === '') return t('transfer.change.none');
  if (typeof value === 'boolean') return t(value ? 'common.yes' : 'common.no');
  if (typeof value === 'object') return rateLimitText(value as RateLimit);
  if (setting === 'type') return t(`type.${value}` as Parameters<Translate>[0]);
  if (setting === 'auth') return t(`auth.${value}` as Parameters<Translate>[0]);
  if (SECONDS.includes(setting)) return t('transfer.change.seconds', { seconds: value });
  return String(value);
};

/** One change as a line: "Name: Blog posts v2 → Blog posts", "Fields added: total, customer". */
const changeText = (change: SettingChange, t: Translate) =>
  'items' in change
    ? t(`transfer.change.${change.setting}`, { items: change.items.join(', ') })
    : t(`transfer.change.${change.setting}`, {
        before: valueText(change.setting, change.before, t),
        after: valueText(change.setting, change.after, t),
      });

/** What an import changes of an item, one line each (as many as the server tells), then how many more. */
export const ImportChanges = ({ item }: { item: PlannedItem }) => {
  const t = useT();
  if (!item.changes.length) return null;
  return (
    <Box tag="ul" paddingLeft={4}>
      {item.changes.map((change) => (
        <Box tag="li" key={change.setting}>
          <Typography variant="pi" textColor="neutral700" style={{ overflowWrap: 'anywhere' }}>
            {changeText(change, t)}
          </Typography>
        </Box>
      ))}
      {item.moreChanges > 0 && (
        <Box tag="li">
          <Typography variant="pi" textColor="neutral600">
            {t('transfer.change.more', { count: item.moreChanges })}
          </Typography>
        </Box>
      )}
    </Box>
  );
};
