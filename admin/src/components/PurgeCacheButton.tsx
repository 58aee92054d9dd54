import { Button } from '@strapi/design-system';
import { Trash } from '@strapi/icons';
import { useNotification } from '@strapi/strapi/admin';
import { problemsText } from '../api/errors';
import { useAdminMutation } from '../api/mutations';
import { useRights } from '../hooks/useRights';
import { useT } from '../hooks/useT';
import { Confirmed } from './ConfirmButton';

/**
 * Purges the response cache of one endpoint (`endpointId`) or of all, after a confirmation, with a toast; shown
 * only to admins with the cache right. Other instances drop their entries within `refreshIntervalMs`.
 */
export const PurgeCacheButton = ({ endpointId }: { endpointId?: number }) => {
  const t = useT();
  const { toggleNotification } = useNotification();
  const rights = useRights('cache');
  const purgeAll = useAdminMutation('cache.purgeAll');
  const purgeOne = useAdminMutation('cache.purgeEndpoint');
  if (!rights.canManage) return null;
  const all = endpointId === undefined;
  const purge = async () => {
    try {
      const { purged } = all ? await purgeAll.mutateAsync({}) : await purgeOne.mutateAsync({ id: endpointId });
      toggleNotification({ type: 'success', message: t('cache.purged', { count: purged }) });
    } catch (failure) {
      toggleNotification({ type: 'danger', message: problemsText(failure) });
    }
  };
  return (
    <Confirmed
      trigger={
        <Button variant="secondary" startIcon={<Trash />}>
          {t(all ? 'cache.purgeAll' : 'cache.purgeEndpoint')}
        </Button>
      }
      question={t(all ? 'cache.purgeAll.question' : 'cache.purgeEndpoint.question')}
      onConfirm={purge}
      confirmLabel={t('cache.purge.confirm')}
    />
  );
};
