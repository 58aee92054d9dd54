import { Layouts, Page, SubNav } from '@strapi/strapi/admin';
import { Navigate, Route, Routes } from 'react-router-dom';
import { MENU_PERMISSIONS, PERMISSIONS } from '../../../contracts/permissions';
import { PLUGIN_ID } from '../../../contracts/plugin';
import { NotFound } from '../components/NotFound';
import { PagesMenu } from '../components/PagesMenu';
import { usePluginPages } from '../hooks/usePluginPages';
import { useT } from '../hooks/useT';
import { DocumentPreview } from './DocumentPreview';
import { DocumentsPage } from './DocumentsPage';
import { EndpointEditor } from './EndpointEditor';
import { EndpointsPage } from './EndpointsPage';
import { KeysPage } from './KeysPage';
import { UsagePage } from './UsagePage';

/** The plugin's pages, each listed for admins who may read it. */
const Navigation = () => {
  const t = useT();
  const { readable } = usePluginPages();
  return (
    <SubNav.Main aria-label={t('plugin.name')}>
      <SubNav.Header label={t('plugin.name')} />
      <SubNav.Sections>
        {readable.map((p) => (
          <SubNav.Link key={p.to} to={`/plugins/${PLUGIN_ID}/${p.to}`} label={p.label} />
        ))}
      </SubNav.Sections>
    </SubNav.Main>
  );
};

/** The first page the admin may read. */
const Home = () => {
  const { isLoading, readable } = usePluginPages();
  if (isLoading) return <Page.Loading />;
  return <Navigate to={readable[0]?.to ?? 'endpoints'} replace />;
};

/** An address under the plugin that is none of its pages: said as Strapi says it, with a way back. */
const UnknownPage = () => {
  const t = useT();
  return (
    <NotFound title={t('notFound.title')} text={t('notFound')} back={t('notFound.back')} to={`/plugins/${PLUGIN_ID}`} />
  );
};

const USAGE_READ = [{ action: PERMISSIONS.usage.read, subject: null }];

/** The plugin's section of the admin panel, under /admin/plugins/data-api. */
const App = () => (
  <Page.Protect permissions={MENU_PERMISSIONS}>
    <Layouts.Root sideNav={<Navigation />}>
      <PagesMenu />
      <Routes>
        <Route index element={<Home />} />
        <Route path="endpoints" element={<EndpointsPage />} />
        <Route path="endpoints/:id" element={<EndpointEditor />} />
        <Route path="keys" element={<KeysPage />} />
        <Route path="documents" element={<DocumentsPage />} />
        <Route path="documents/:id" element={<DocumentPreview />} />
        <Route
          path="usage"
          element={
            <Page.Protect permissions={USAGE_READ}>
              <UsagePage />
            </Page.Protect>
          }
        />
        <Route path="*" element={<UnknownPage />} />
      </Routes>
    </Layouts.Root>
  </Page.Protect>
);

export default App;
