import { Flex, Typography } from '@strapi/design-system';
import { BURST_WINDOWS, type RateLimit } from '../../../contracts/rate-limit';
import { useT } from '../hooks/useT';
import { NumberField } from './NumberField';
import { ToggleField } from './ToggleField';

/** What a new limit starts from: a request a second on average, over a minute. */
const FIRST_LIMIT: RateLimit = { requests: 60, windowSeconds: 60, burst: 0 };

/**
 * A rate limit (contracts/rate-limit.ts), or none: requests per window and the burst allowed above them. Used by
 * the endpoint builder and the key page.
 */
export const RateLimitFields = ({
  name,
  value,
  onChange,
  error,
}: {
  name: string;
  value: RateLimit | null;
  onChange: (value: RateLimit | null) => void;
  error?: string;
}) => {
  const t = useT();
  const set = (part: Partial<RateLimit>) => value && onChange({ ...value, ...part });
  return (
    <Flex direction="column" alignItems="stretch" gap={3}>
      <ToggleField
        name={`${name}-on`}
        label={t('rateLimit.on')}
        checked={value !== null}
        onChange={(on) => onChange(on ? FIRST_LIMIT : null)}
        error={error}
      />
      {value && (
        <>
          <Flex gap={4} alignItems="flex-start">
            <NumberField
              name={`${name}-requests`}
              label={t('rateLimit.requests')}
              value={value.requests}
              onChange={(requests) => set({ requests })}
            />
            <NumberField
              name={`${name}-window`}
              label={t('rateLimit.windowSeconds')}
              value={value.windowSeconds}
              onChange={(windowSeconds) => set({ windowSeconds })}
            />
            <NumberField
              name={`${name}-burst`}
              label={t('rateLimit.burst')}
              value={value.burst}
              onChange={(burst) => set({ burst })}
            />
          </Flex>
          <Typography variant="pi" textColor="neutral600" data-testid={`${name}-summary`}>
            {t(value.burst ? 'rateLimit.summaryBurst' : 'rateLimit.summary', {
              requests: value.requests,
              seconds: value.windowSeconds,
              burst: value.burst,
              burstSeconds: value.windowSeconds * BURST_WINDOWS,
            })}
          </Typography>
        </>
      )}
    </Flex>
  );
};

/** A limit in a few words, for tables: `60 / 60 s (+10)`. */
export const rateLimitText = (limit: RateLimit | null | undefined) =>
  limit ? `${limit.requests} / ${limit.windowSeconds} s${limit.burst ? ` (+${limit.burst})` : ''}` : '—';
