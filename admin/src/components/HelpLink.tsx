import { IconButton } from '@strapi/design-system';
import { Question } from '@strapi/icons';
import { useT } from '../hooks/useT';
import { docsUrl, type DocsPage } from '../utils/docsUrl';

/** The "?" button of a page header, as Strapi's own pages have: the page of the docs about it, in a new tab. */
export const HelpLink = ({ page }: { page: DocsPage }) => {
  const t = useT();
  return (
    <IconButton tag="a" href={docsUrl(page)} target="_blank" rel="noreferrer" size="S" label={t('help.docs')}>
      <Question />
    </IconButton>
  );
};
