import { LinkButton } from '@strapi/design-system';
import { ArrowLeft } from '@strapi/icons';
import { Page } from '@strapi/strapi/admin';
import { Link as RouterLink } from 'react-router-dom';
import { PLUGIN_ID } from '../../../contracts/plugin';
import { useT } from '../hooks/useT';

/** The builder's page for an endpoint that is not there (a bookmark of one since deleted): says so, and links to the list. */
export const EndpointNotFound = () => {
  const t = useT();
  return (
    <>
      <Page.Title>{t('builder.notFound.title')}</Page.Title>
      <Page.NoData
        content={t('builder.notFound')}
        action={
          <LinkButton
            tag={RouterLink}
            to={`/plugins/${PLUGIN_ID}/endpoints`}
            variant="secondary"
            startIcon={<ArrowLeft />}
          >
            {t('builder.notFound.back')}
          </LinkButton>
        }
      />
    </>
  );
};
