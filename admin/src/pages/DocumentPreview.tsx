import { Button } from '@strapi/design-system';
import { ArrowLeft } from '@strapi/icons';
import { Layouts, Page } from '@strapi/strapi/admin';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { PLUGIN_ID } from '../../../contracts/plugin';
import { useAdminApi, useAdminData } from '../api/useAdminData';
import { SwaggerPreview } from '../components/SwaggerPreview';
import { useT } from '../hooks/useT';

/** A document as its readers will see it: generated now from the definitions in force. */
export const DocumentPreview = () => {
  const t = useT();
  const { id } = useParams<{ id: string }>();
  const api = useAdminApi();
  const document = useAdminData('openapiDocuments.findOne', { id: id! });
  const [spec, setSpec] = useState<Record<string, unknown> | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    api
      .file('openapiDocuments.download', { id: id! })
      .then((json) => live && setSpec(json))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [api, id]);
  if (failed || document.error) return <Page.Error />;
  if (!spec || document.loading) return <Page.Loading />;
  return (
    <>
      <Page.Title>{document.data!.title}</Page.Title>
      <Layouts.Header
        title={document.data!.title}
        subtitle={t('documents.preview.subtitle')}
        navigationAction={
          <Button tag={RouterLink} to={`/plugins/${PLUGIN_ID}/documents`} variant="tertiary" startIcon={<ArrowLeft />}>
            {t('common.back')}
          </Button>
        }
      />
      <Layouts.Content>
        <SwaggerPreview spec={spec} />
      </Layouts.Content>
    </>
  );
};
