import { Textarea } from '@strapi/design-system';
import { useT } from '../../hooks/useT';
import { Hint } from './Hint';
import type { SectionProps } from './props';
import { Section } from './Section';

/** The addresses the endpoint answers: one address or subnet a line, none for any. */
export const AllowedIpsSection = ({ draft, set, problems }: Omit<SectionProps, 'object'>) => {
  const t = useT();
  return (
    <Section title={t('builder.allowedIps')} error={problems.allowedIps}>
      <Hint>{t('builder.allowedIps.hint')}</Hint>
      <Textarea
        aria-label={t('builder.allowedIps')}
        value={draft.allowedIps}
        onChange={(e) => set('allowedIps', e.target.value)}
      />
    </Section>
  );
};
