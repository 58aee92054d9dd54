import { Layouts, Page, SubNav } from '@strapi/strapi/admin';
import { Navigate, Route, Routes } from 'react-router-dom';
import { MENU_PERMISSIONS } from '../../../contracts/permissions';
import { PLUGIN_ID } from '../../../contracts/plugin';
import { useRights } from '../hooks/useRights';
import { useT } from '../hooks/useT';
import { DocumentPreview } from './DocumentPreview';
import { DocumentsPage } from './DocumentsPage';
import { EndpointEditor } from './EndpointEditor';
import { EndpointsPage } from './EndpointsPage';
import { KeysPage } from './KeysPage';

/** The plugin's pages, each listed for admins who may read it. */
const Navigation = () => {
  const t = useT();
  const pages = [
    { to: 'endpoints', label: t('endpoints.title'), rights: useRights('endpoints') },
    { to: 'keys', label: t('keys.title'), rights: useRights('keys') },
    { to: 'documents', label: t('documents.title'), rights: useRights('documents') },
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
  const endpoints = useRights('endpoints');
  const keys = useRights('keys');
  if (endpoints.isLoading || keys.isLoading) return <Page.Loading />;
  return <Navigate to={endpoints.canRead ? 'endpoints' : keys.canRead ? 'keys' : 'documents'} replace />;
};

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
      </Routes>
    </Layouts.Root>
  </Page.Protect>
);

export default App;
