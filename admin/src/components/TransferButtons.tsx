import { Button, Flex } from '@strapi/design-system';
import { useFetchClient, useNotification } from '@strapi/strapi/admin';
import { useRef } from 'react';
import type { ImportResult } from '../../../contracts/transfer';
import { PLUGIN_ID } from '../../../contracts/plugin';
import { errorMessages, useAdminApi } from '../api/useAdminData';
import { useRights } from '../hooks/useRights';
import { useT } from '../hooks/useT';
import { saveJsonFile } from '../utils/saveJsonFile';

/** Export the configuration as a file, and import one (all or nothing), for those with the transfer rights. */
export const TransferButtons = ({ onImported }: { onImported: () => void }) => {
  const t = useT();
  const { get } = useFetchClient();
  const api = useAdminApi();
  const { toggleNotification } = useNotification();
  const rights = useRights('transfer');
  const input = useRef<HTMLInputElement>(null);
  if (rights.isLoading || (!rights.canRead && !rights.canManage)) return null;
  const exportFile = async () => {
    const { data } = await get<{ data: unknown }>(`/${PLUGIN_ID}/export`);
    saveJsonFile('data-api-config.json', data.data);
  };
  const importFile = async (file: File) => {
    try {
      const result = await api.post<ImportResult>('import', JSON.parse(await file.text()));
      const secrets = result.keys.created.map((k) => `${k.description}: ${k.secret}`);
      toggleNotification({
        type: 'success',
        timeout: secrets.length ? 120_000 : undefined,
        message: t('transfer.imported', {
          endpoints: result.endpoints.created + result.endpoints.updated,
          documents: result.documents.created + result.documents.updated,
          keys: secrets.length ? ` ${t('transfer.newKeys')} ${secrets.join(', ')}` : '',
        }),
      });
      onImported();
    } catch (failure) {
      toggleNotification({
        type: 'danger',
        message: failure instanceof SyntaxError ? t('transfer.notJson') : errorMessages(failure).join('; '),
      });
    }
  };
  return (
    <Flex gap={2}>
      {rights.canRead && (
        <Button variant="tertiary" onClick={exportFile}>
          {t('transfer.export')}
        </Button>
      )}
      {rights.canManage && (
        <>
          <Button variant="tertiary" onClick={() => input.current?.click()}>
            {t('transfer.import')}
          </Button>
          <input
            ref={input}
            type="file"
            accept="application/json,.json"
            hidden
            data-testid="import-file"
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) void importFile(file);
            }}
          />
        </>
      )}
    </Flex>
  );
};
