import { Grid } from '@strapi/design-system';
import type { EndpointCache } from '../../../../contracts/cache';
import { NumberField } from '../../components/NumberField';
import { ToggleField } from '../../components/ToggleField';
import { useT } from '../../hooks/useT';
import { Hint } from './Hint';
import type { SectionProps } from './props';
import { Section } from './Section';

/** What a cache switched on starts from: answers kept for at most five minutes. */
const FIRST_CACHE: EndpointCache = { maxAgeSeconds: 300 };

/** What a public endpoint tells CDNs (`Cache-Control`), by member of the definition's `cache` and input name. */
const CDN_SETTINGS = [
  ['sharedMaxAgeSeconds', 'shared-max-age'],
  ['staleWhileRevalidateSeconds', 'stale'],
] as const;

/**
 * The endpoint's response cache (docs/cache.md): off by default; on, the longest an answer is kept, and on a
 * public endpoint how long a CDN may keep it (`s-maxage`) and serve it stale while it asks again.
 */
export const CacheSection = ({ draft, set, problems }: Omit<SectionProps, 'object'>) => {
  const t = useT();
  const { cache } = draft;
  const cdn = draft.auth.method === 'public';
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
        // Columns of one width, the hints wrapped within them; one column on a narrow screen.
        <Grid.Root gap={4}>
          <Grid.Item col={4} s={12} xs={12} direction="column" alignItems="stretch">
            <NumberField
              name="cache-max-age"
              label={t('builder.cache.maxAgeSeconds')}
              hint={t('builder.cache.maxAgeSeconds.hint')}
              value={cache.maxAgeSeconds}
              onChange={(maxAgeSeconds) => change({ maxAgeSeconds })}
            />
          </Grid.Item>
          {/* A CDN keeps one answer for everyone: only a public endpoint's answers may be kept there. */}
          {cdn &&
            CDN_SETTINGS.map(([member, name]) => (
              <Grid.Item key={member} col={4} s={12} xs={12} direction="column" alignItems="stretch">
                <NumberField
                  optional
                  name={`cache-${name}`}
                  label={t(`builder.cache.${member}`)}
                  hint={t(`builder.cache.${member}.hint`)}
                  value={cache[member]}
                  onChange={(seconds) => change({ [member]: seconds })}
                />
              </Grid.Item>
            ))}
        </Grid.Root>
      )}
      {/* What compile-endpoint's check of s-maxage refuses, said where the CDN settings are. */}
      {cache && cdn && <Hint>{t('builder.cache.signedUrls')}</Hint>}
    </Section>
  );
};
