import { Page } from '@strapi/strapi/admin';
import { Route, Routes } from 'react-router-dom';
import { MENU_PERMISSIONS } from '../../../contracts/permissions';
import { DocumentPreview } from './DocumentPreview';
import Overview from './Overview';

/** The plugin's section of the admin panel, under /admin/plugins/data-api. */
const App = () => (
  <Page.Protect permissions={MENU_PERMISSIONS}>
    <Routes>
      <Route index element={<Overview />} />
      <Route path="documents/:id" element={<DocumentPreview />} />
    </Routes>
  </Page.Protect>
);

export default App;
