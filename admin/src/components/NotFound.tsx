import { LinkButton } from '@strapi/design-system';
import { ArrowLeft } from '@strapi/icons';
import { EmptyPictures } from '@strapi/icons/symbols';
import { Layouts, Page } from '@strapi/strapi/admin';
import { Link as RouterLink } from 'react-router-dom';

/**
 * A page of the plugin that is not there, as Strapi's own "Page not found" shows one: its title, what happened
 * and a link (`back`) to a page that is (`to`).
 */
export const NotFound = ({ title, text, back, to }: { title: string; text: string; back: string; to: string }) => {
  return (
    <>
      <Page.Title>{title}</Page.Title>
      <Layouts.Header title={title} />
      <Layouts.Content>
        <Page.NoData
          icon={<EmptyPictures width="16rem" />}
          content={text}
          action={
            <LinkButton tag={RouterLink} to={to} variant="secondary" startIcon={<ArrowLeft />}>
              {back}
            </LinkButton>
          }
        />
      </Layouts.Content>
    </>
  );
};
