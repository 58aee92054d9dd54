import type { ObjectDescription } from '../../../../contracts/objects';
import { useT } from '../../hooks/useT';
import type { Draft } from '../draft';
import { TryIt } from '../TryIt';
import { Section } from './Section';

/** A curl command for the endpoint as drafted. */
export const TryItSection = ({ draft, object }: { draft: Draft; object: ObjectDescription | undefined }) => {
  const t = useT();
  return (
    <Section title={t('builder.tryIt')}>
      <TryIt draft={draft} object={object} />
    </Section>
  );
};
