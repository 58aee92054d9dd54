import { Flex } from '@strapi/design-system';
import type { EndpointCache } from '../../../../contracts/cache';
import { NumberField } from '../../components/NumberField';
import { ToggleField } from '../../components/ToggleField';
import { useT } from '../../hooks/useT';
import { Hint } from './Hint';
import type { SectionProps } from './props';
import { Section } from './Section';

/** What a cache switched on starts from: answers kept for at most five minutes. */
const FIRST_CACHE: EndpointCache = { maxAgeSeconds: 300 };

/**
 * The endpoint's response cache (docs/cache.md): off by default; on, the longest an answer is kept, and on a
 * public endpoint how long a CDN may keep it (`s-maxage`) and serve it stale while it asks again.
 */
export const CacheSection = ({ draft, set, problems }: Omit<SectionProps, 'object'>) => {
  const t = useT();
  const { cache } = draft;
  const change = (part: Partial<EndpointCache>) => cache && set('cache', { ...cache, ...part });
  return (
    <Section title={t('builder.cache')} error={problems.cache}>
      <Hint>{t('builder.cache.hint')}</Hint>
      <ToggleField
        name="cache-on"
        label={t('builder.cache.on')}
        checked={cache !== null}
        onChange={(on) => set('cache', on ? FIRST_CACHE : null)}
      />
      {cache && (
        <Flex gap={4} alignItems="flex-start" wrap="wrap">
          <NumberField
            name="cache-max-age"
            label={t('builder.cache.maxAge')}
            hint={t('builder.cache.maxAge.hint')}
            value={cache.maxAgeSeconds}
            onChange={(maxAgeSeconds) => change({ maxAgeSeconds })}
          />
          {/* A CDN keeps one answer for everyone: only a public endpoint's answers may be kept there. */}
          {draft.auth.method === 'public' && (
            <>
              <NumberField
                optional
                name="cache-shared-max-age"
                label={t('builder.cache.sharedMaxAge')}
                hint={t('builder.cache.sharedMaxAge.hint')}
                value={cache.sharedMaxAgeSeconds}
                onChange={(sharedMaxAgeSeconds) => change({ sharedMaxAgeSeconds })}
              />
              <NumberField
                optional
                name="cache-stale"
                label={t('builder.cache.staleWhileRevalidate')}
                hint={t('builder.cache.staleWhileRevalidate.hint')}
                value={cache.staleWhileRevalidateSeconds}
                onChange={(staleWhileRevalidateSeconds) => change({ staleWhileRevalidateSeconds })}
              />
            </>
          )}
        </Flex>
      )}
    </Section>
  );
};
