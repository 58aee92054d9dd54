import { useRights } from './useRights';
import { useT } from './useT';

/** The plugin's pages (their route under /plugins/data-api), each with whether the admin may read it. */
export const usePluginPages = () => {
  const t = useT();
  const pages = [
    { to: 'endpoints', label: t('endpoints.title'), rights: useRights('endpoints') },
    { to: 'keys', label: t('keys.title'), rights: useRights('keys') },
    { to: 'documents', label: t('documents.title'), rights: useRights('documents') },
    { to: 'usage', label: t('usage.title'), rights: useRights('usage') },
  ];
  return {
    isLoading: pages.some((p) => p.rights.isLoading),
    readable: pages.filter((p) => p.rights.canRead).map(({ to, label }) => ({ to, label })),
  };
};
