import { Typography } from '@strapi/design-system';
import { useT } from '../../hooks/useT';
import { privateLookingFields, SITE_USER_TYPE } from '../privateFields';
import type { SectionProps } from './props';

/** On a public endpoint: which of the fields it shows look private, since anyone may read them. */
export const PublicFieldsWarning = ({ draft, object }: Pick<SectionProps, 'draft' | 'object'>) => {
  const t = useT();
  if (draft.auth.method !== 'public') return null;
  const found = privateLookingFields(draft, object);
  if (!found.length) return null;
  const fields = found.filter((f) => f !== SITE_USER_TYPE);
  return (
    <Typography variant="pi" textColor="warning600" data-testid="public-private-fields">
      {[
        found.includes(SITE_USER_TYPE) && t('builder.auth.public.siteUsers'),
        fields.length > 0 && t('builder.auth.public.privateFields', { fields: fields.join(', ') }),
      ]
        .filter(Boolean)
        .join(' ')}
    </Typography>
  );
};
