import { BackButton, Layouts, Page } from '@strapi/strapi/admin';
import { useParams } from 'react-router-dom';
import { PLUGIN_ID } from '../../../contracts/plugin';
import { useAdminFile, useAdminQuery } from '../api/queries';
import { HelpLink } from '../components/HelpLink';
import { SwaggerPreview } from '../components/SwaggerPreview';
import { useT } from '../hooks/useT';

/** A document as its readers will see it: generated now from the definitions in force. */
export const DocumentPreview = () => {
  const t = useT();
  const { id } = useParams<{ id: string }>();
  const document = useAdminQuery('openapiDocuments.findOne', { id: id! });
  const spec = useAdminFile('openapiDocuments.download', { id: id! });
  if (spec.error || document.error) return <Page.Error />;
  if (!spec.data || !document.data) return <Page.Loading />;
  return (
    <>
      <Page.Title>{document.data.title}</Page.Title>
      <Layouts.Header
        title={document.data.title}
        subtitle={t('documents.preview.subtitle')}
        navigationAction={<BackButton fallback={`/plugins/${PLUGIN_ID}/documents`} />}
        primaryAction={<HelpLink page="openapi" />}
      />
      <Layouts.Content>
        <SwaggerPreview spec={spec.data} />
      </Layouts.Content>
    </>
  );
};
