import { Button, Flex, Modal, Typography } from '@strapi/design-system';
import { Download, Upload } from '@strapi/icons';
import { useNotification } from '@strapi/strapi/admin';
import { useRef, useState } from 'react';
import type { ImportPreview as Preview, ImportResult, TransferInput } from '../../../contracts/transfer';
import { adminApi } from '../api/client';
import { problemsText } from '../api/errors';
import { useAdminMutation } from '../api/mutations';
import { NewSecrets } from './NewSecrets';
import { useRights } from '../hooks/useRights';
import { useT } from '../hooks/useT';
import { notExportText } from '../utils/notExportText';
import { saveJsonFile } from '../utils/saveJsonFile';
import { DoneFooter } from './DialogFooter';
import { ImportPreview } from './ImportPreview';

const EXPORT_FILE = 'data_api_config.json';

/** A chosen file, read and previewed: what importing it would do, shown before anything is written. */
interface Chosen {
  name: string;
  data: TransferInput;
  preview: Preview;
}

/**
 * Export the configuration as a file, and import one (all or nothing), for those with the transfer rights. A
 * chosen file is previewed first (what will be created, changed and left alone); only Import applies it. Every
 * outcome answers with a notification; the secrets of keys the import made are shown once, in a dialog.
 */
export const TransferButtons = () => {
  const t = useT();
  const previewing = useAdminMutation('transfer.preview');
  const importing = useAdminMutation('transfer.import');
  const { toggleNotification } = useNotification();
  const rights = useRights('transfer');
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [newKeys, setNewKeys] = useState<ImportResult['keys']['created']>([]);
  if (rights.isLoading || (!rights.canRead && !rights.canManage)) return null;
  const refused = (failure: unknown) =>
    toggleNotification({ type: 'danger', message: t('transfer.refused', { problems: problemsText(failure) }) });

  /** What an import did, in words: the endpoints, then the documents and keys when the file held any. */
  const importedText = ({ endpoints, documents, keys }: ImportResult) => {
    const told = (counts: ImportResult['documents']) => counts.created + counts.updated + counts.unchanged > 0;
    const { matched, created } = keys;
    return [
      t('transfer.imported'),
      t('transfer.imported.endpoints', { ...endpoints }),
      told(documents) && t('transfer.imported.documents', { ...documents }),
      matched.length + created.length > 0 &&
        t('transfer.imported.keys', { matched: matched.length, created: created.length }),
    ]
      .filter(Boolean)
      .join(' ');
  };
  const exportFile = async () => {
    try {
      saveJsonFile(EXPORT_FILE, await adminApi.read('transfer.export'));
      toggleNotification({ type: 'success', message: t('transfer.exported', { file: EXPORT_FILE }) });
    } catch (failure) {
      toggleNotification({ type: 'danger', message: t('transfer.exportFailed', { problems: problemsText(failure) }) });
    }
  };
  const previewFile = async (file: File) => {
    // Checked by the server, which the preview asks first.
    let data: TransferInput;
    try {
      data = JSON.parse(await file.text());
    } catch {
      toggleNotification({ type: 'danger', message: t('transfer.notJson') });
      return;
    }
    // Another JSON file: said at its first problem, in words, before the server checks its items.
    const notExport = notExportText(data, t);
    if (notExport) {
      toggleNotification({ type: 'danger', message: notExport });
      return;
    }
    try {
      setChosen({ name: file.name, data, preview: await previewing.mutateAsync({ data }) });
    } catch (failure) {
      refused(failure);
    }
  };
  const importChosen = async () => {
    if (!chosen) return;
    try {
      const done = await importing.mutateAsync({ data: chosen.data });
      setChosen(null);
      toggleNotification({ type: 'success', message: importedText(done) });
      setNewKeys(done.keys.created);
    } catch (failure) {
      setChosen(null);
      refused(failure);
    }
  };
  return (
    <Flex gap={2}>
      {rights.canRead && (
        <Button variant="tertiary" startIcon={<Download />} onClick={exportFile}>
          {t('transfer.export')}
        </Button>
      )}
      {rights.canManage && (
        <>
          <Button
            variant="tertiary"
            startIcon={<Upload />}
            loading={previewing.isLoading}
            onClick={() => input.current?.click()}
          >
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
              if (file) void previewFile(file);
            }}
          />
        </>
      )}
      <Modal.Root open={chosen !== null} onOpenChange={(open: boolean) => !open && setChosen(null)}>
        {chosen && (
          <ImportPreview
            fileName={chosen.name}
            preview={chosen.preview}
            pending={importing.isLoading}
            onImport={() => void importChosen()}
          />
        )}
      </Modal.Root>
      <Modal.Root open={newKeys.length > 0} onOpenChange={(open: boolean) => !open && setNewKeys([])}>
        <Modal.Content>
          <Modal.Header>
            <Modal.Title>{t('transfer.newKeys.title')}</Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <Flex direction="column" alignItems="stretch" gap={4}>
              <Typography>{t('transfer.newKeys.intro')}</Typography>
              <NewSecrets keys={newKeys} />
            </Flex>
          </Modal.Body>
          <DoneFooter />
        </Modal.Content>
      </Modal.Root>
    </Flex>
  );
};
