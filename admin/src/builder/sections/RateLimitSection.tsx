import { RateLimitFields } from '../../components/RateLimitFields';
import { useT } from '../../hooks/useT';
import { Hint } from './Hint';
import type { SectionProps } from './props';
import { Section } from './Section';

/** The endpoint's rate limit: counted per API key, or per source address on Browser Session and public endpoints. */
export const RateLimitSection = ({ draft, set, problems }: Omit<SectionProps, 'object'>) => {
  const t = useT();
  return (
    <Section title={t('builder.rateLimit')} error={problems.rateLimit}>
      {/* Who shares one budget depends on the endpoint's authentication. */}
      <Hint>{t(`builder.rateLimit.hint.${draft.auth.method}`)}</Hint>
      <RateLimitFields name="rateLimit" value={draft.rateLimit} onChange={(limit) => set('rateLimit', limit)} />
    </Section>
  );
};
