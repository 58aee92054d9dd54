import { Box, SingleSelect, SingleSelectOption } from '@strapi/design-system';
import { useLocation, useNavigate } from 'react-router-dom';
import { PLUGIN_ID } from '../../../contracts/plugin';
import { usePluginPages } from '../hooks/usePluginPages';
import { useT } from '../hooks/useT';

/**
 * The plugin's sub-menu on narrow screens, where Strapi hides side navigations (below its medium breakpoint):
 * a select of the pages the admin may read, above each page.
 */
export const PagesMenu = () => {
  const t = useT();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { readable } = usePluginPages();
  const current = readable.find((p) => pathname.includes(`/plugins/${PLUGIN_ID}/${p.to}`))?.to;
  return (
    <Box display={{ initial: 'block', medium: 'none' }} paddingTop={4} paddingLeft={4} paddingRight={4}>
      <SingleSelect
        aria-label={t('plugin.pages')}
        value={current}
        onChange={(to: string | number) => navigate(`/plugins/${PLUGIN_ID}/${to}`)}
      >
        {readable.map((p) => (
          <SingleSelectOption key={p.to} value={p.to}>
            {p.label}
          </SingleSelectOption>
        ))}
      </SingleSelect>
    </Box>
  );
};
