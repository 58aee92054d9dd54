import type { ApiKeySummary } from '../../../../contracts/api-key';
import { useT } from '../../hooks/useT';
import { AuthEditor } from '../AuthEditor';
import type { SectionProps } from './props';
import { Section } from './Section';

/** Who may call the endpoint: holders of some API keys, or a logged-in user. */
export const AuthSection = ({
  draft,
  set,
  problems,
  keys,
}: Omit<SectionProps, 'object'> & { keys: ApiKeySummary[] }) => {
  const t = useT();
  return (
    <Section title={t('endpoints.column.auth')} error={problems.auth}>
      <AuthEditor auth={draft.auth} keys={keys} onChange={(auth) => set('auth', auth)} />
    </Section>
  );
};
