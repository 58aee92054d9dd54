import type { ApiKeySummary } from '../../../../contracts/api-key';
import { useT } from '../../hooks/useT';
import { AuthEditor } from '../AuthEditor';
import type { SectionProps } from './props';
import { PublicFieldsWarning } from './PublicFieldsWarning';
import { Section } from './Section';

/** Who may call the endpoint: holders of some API keys, a logged-in user, or anyone. */
export const AuthSection = ({ draft, set, problems, object, keys }: SectionProps & { keys: ApiKeySummary[] }) => {
  const t = useT();
  return (
    <Section title={t('endpoints.column.auth')} error={problems.auth}>
      <AuthEditor auth={draft.auth} keys={keys} onChange={(auth) => set('auth', auth)} />
      <PublicFieldsWarning draft={draft} object={object} />
    </Section>
  );
};
