import type { ObjectDescription } from '../../../../contracts/objects';
import { useT } from '../../hooks/useT';
import { methodOf, type Draft } from '../draft';
import { TryIt } from '../TryIt';
import { TrySend } from '../TrySend';
import { Section } from './Section';

/**
 * A curl command for the endpoint as drafted; for a read (List, Aggregate), Send, which calls it as saved
 * (`saved` null: not saved yet). A write is only ever tried with the command.
 */
export const TryItSection = ({
  draft,
  saved,
  changed,
  object,
}: {
  draft: Draft;
  saved: Draft | null;
  changed: boolean;
  object: ObjectDescription | undefined;
}) => {
  const t = useT();
  return (
    <Section title={t('builder.tryIt')}>
      <TryIt draft={draft} object={object} />
      {methodOf(saved ?? draft) === 'GET' && <TrySend saved={saved} changed={changed} object={object} />}
    </Section>
  );
};
