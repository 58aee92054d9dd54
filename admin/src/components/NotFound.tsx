import { LinkButton } from '@strapi/design-system';
import { ArrowLeft } from '@strapi/icons';
import { EmptyPictures } from '@strapi/icons/symbols';
import { Layouts, Page } from '@strapi/strapi/admin';
import { Link as RouterLink } from 'react-router-dom';
import { useT } from '../hooks/useT';

/**
 * A page of the plugin that is not there, as Strapi's own "Page not found" shows one: its title, what happened
 * and a link to a page that is, in the words `<words>.title`, `<words>` and `<words>.back` of en.json.
 */
export const NotFound = ({ words, to }: { words: 'notFound' | 'builder.notFound'; to: string }) => {
  const t = useT();
  return (
    <>
      <Page.Title>{t(`${words}.title`)}</Page.Title>
      <Layouts.Header title={t(`${words}.title`)} />
      <Layouts.Content>
        <Page.NoData
          icon={<EmptyPictures width="16rem" />}
          content={t(words)}
          action={
            <LinkButton tag={RouterLink} to={to} variant="secondary" startIcon={<ArrowLeft />}>
              {t(`${words}.back`)}
            </LinkButton>
          }
        />
      </Layouts.Content>
    </>
  );
};
