import { Flex } from '@strapi/design-system';
import { Layouts, Page } from '@strapi/strapi/admin';
import type { ReactNode } from 'react';
import type { DocsPage } from '../utils/docsUrl';
import { HelpLink } from './HelpLink';

/**
 * The header of one of the plugin's list pages: its title (the browser tab's too), and the link to its docs
 * beside its primary action, where Strapi's headers place theirs.
 */
export const PageHeader = ({
  title,
  subtitle,
  docs,
  primaryAction,
  secondaryAction,
}: {
  title: string;
  subtitle: string;
  docs: DocsPage;
  primaryAction?: ReactNode;
  secondaryAction?: ReactNode;
}) => (
  <>
    <Page.Title>{title}</Page.Title>
    <Layouts.Header
      title={title}
      subtitle={subtitle}
      primaryAction={
        <Flex gap={2}>
          <HelpLink page={docs} />
          {primaryAction}
        </Flex>
      }
      secondaryAction={secondaryAction}
    />
  </>
);
