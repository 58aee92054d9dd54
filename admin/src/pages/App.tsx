import { Layouts, Page, SubNav } from '@strapi/strapi/admin';
import { Navigate, Route, Routes } from 'react-router-dom';
import { MENU_PERMISSIONS, PERMISSIONS } from '../../../contracts/permissions';
import { PLUGIN_ID } from '../../../contracts/plugin';
import { useRights } from '../hooks/useRights';
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
  const pages = [
    { to: 'endpoints', label: t('endpoints.title'), rights: useRights('endpoints') },
    { to: 'keys', label: t('keys.title'), rights: useRights('keys') },
    { to: 'documents', label: t('documents.title'), rights: useRights('documents') },
    { to: 'usage', label: t('usage.title'), rights: useRights('usage') },
  ];
  return (
    <SubNav.Main aria-label={t('plugin.name')}>
      <SubNav.Header label={t('plugin.name')} />
      <SubNav.Sections>
        {pages
          .filter((p) => p.rights.canRead)
          .map((p) => (
            <SubNav.Link key={p.to} to={`/plugins/${PLUGIN_ID}/${p.to}`} label={p.label} />
          ))}
      </SubNav.Sections>
    </SubNav.Main>
  );
};

/** The first page the admin may read. */
const Home = () => {
  const pages = [
    { to: 'endpoints', rights: useRights('endpoints') },
    { to: 'keys', rights: useRights('keys') },
    { to: 'documents', rights: useRights('documents') },
    { to: 'usage', rights: useRights('usage') },
  ];
  if (pages.some((p) => p.rights.isLoading)) return <Page.Loading />;
  return <Navigate to={pages.find((p) => p.rights.canRead)?.to ?? 'endpoints'} replace />;
};

const USAGE_READ = [{ action: PERMISSIONS.usage.read, subject: null }];

/** The plugin's section of the admin panel, under /admin/plugins/data-api. */
const App = () => (
  <Page.Protect permissions={MENU_PERMISSIONS}>
    <Layouts.Root sideNav={<Navigation />}>
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
      </Routes>
    </Layouts.Root>
  </Page.Protect>
);

export default App;
