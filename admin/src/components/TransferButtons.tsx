import { Button, Flex, Modal, Typography } from '@strapi/design-system';
import { useNotification } from '@strapi/strapi/admin';
import { useRef, useState } from 'react';
import type { ImportResult } from '../../../contracts/transfer';
import { adminApi } from '../api/client';
import { problemsText } from '../api/errors';
import { useAdminMutation } from '../api/mutations';
import { NewSecrets } from './NewSecrets';
import { useRights } from '../hooks/useRights';
import { useT } from '../hooks/useT';
import { saveJsonFile } from '../utils/saveJsonFile';
import { DoneFooter } from './DialogFooter';

/** Export the configuration as a file, and import one (all or nothing), for those with the transfer rights. */
export const TransferButtons = () => {
  const t = useT();
  const importing = useAdminMutation('transfer.import');
  const { toggleNotification } = useNotification();
  const rights = useRights('transfer');
  const input = useRef<HTMLInputElement>(null);
  const [imported, setImported] = useState<ImportResult | null>(null);
  if (rights.isLoading || (!rights.canRead && !rights.canManage)) return null;
  const exportFile = async () => {
    saveJsonFile('data-api-config.json', await adminApi.read('transfer.export'));
  };
  const importFile = async (file: File) => {
    try {
      setImported(await importing.mutateAsync({ data: JSON.parse(await file.text()) }));
    } catch (failure) {
      toggleNotification({
        type: 'danger',
        message: failure instanceof SyntaxError ? t('transfer.notJson') : problemsText(failure),
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
      <Modal.Root open={imported !== null} onOpenChange={(open: boolean) => !open && setImported(null)}>
        {imported && (
          <Modal.Content>
            <Modal.Header>
              <Modal.Title>{t('transfer.import')}</Modal.Title>
            </Modal.Header>
            <Modal.Body>
              <Flex direction="column" alignItems="stretch" gap={4}>
                <Typography data-testid="import-summary">
                  {t('transfer.imported', {
                    endpointsCreated: imported.endpoints.created,
                    endpointsUpdated: imported.endpoints.updated,
                    documentsCreated: imported.documents.created,
                    documentsUpdated: imported.documents.updated,
                    keysMatched: imported.keys.matched.length,
                    keysCreated: imported.keys.created.length,
                  })}
                </Typography>
                {imported.keys.matched.length > 0 && (
                  <Typography data-testid="import-keys-found">
                    {t('transfer.keysFound', {
                      keys: imported.keys.matched.map((k) => `${k.name} (${k.description})`).join(', '),
                    })}
                  </Typography>
                )}
                {imported.keys.created.length > 0 && <NewSecrets keys={imported.keys.created} />}
              </Flex>
            </Modal.Body>
            <DoneFooter />
          </Modal.Content>
        )}
      </Modal.Root>
    </Flex>
  );
};
