import { Box, Button, Flex, Modal, Typography } from '@strapi/design-system';
import type { ImportPreview as Preview, PlannedChange, PlannedItem } from '../../../contracts/transfer';
import { useT } from '../hooks/useT';
import { ImportChanges } from './ImportChanges';

const CHANGES: readonly PlannedChange[] = ['created', 'updated', 'unchanged'];
const KINDS = ['endpoints', 'documents', 'keys'] as const;

/** The items of one kind that one change applies to: a heading with their count, then each by name and place. */
const ChangeGroup = ({ change, items }: { change: PlannedChange; items: PlannedItem[] }) => {
  const t = useT();
  return (
    <Flex direction="column" alignItems="stretch" gap={1} tag="section" aria-label={t(`transfer.preview.${change}`)}>
      <Typography variant="sigma" textColor="neutral600" tag="h4">
        {t(`transfer.preview.${change}`)} ({items.length})
      </Typography>
      <Box tag="ul" paddingLeft={2}>
        {items.map((item) => (
          <Box tag="li" key={`${item.name} ${item.detail}`} paddingTop={1}>
            <Typography fontWeight="semiBold">{item.name}</Typography>{' '}
            <Typography textColor="neutral600" style={{ wordBreak: 'break-all' }}>
              {item.detail}
            </Typography>
            <ImportChanges item={item} />
          </Box>
        ))}
      </Box>
    </Flex>
  );
};

/**
 * What importing a file would do, before anything is written: per kind (endpoints, documents, keys), the items
 * that will be created, changed (each change as before and after) and left as they are, and that what the file does
 * not list stays. Import applies the file; Cancel (or closing) writes nothing.
 */
export const ImportPreview = ({
  fileName,
  preview,
  pending,
  onImport,
}: {
  fileName: string;
  preview: Preview;
  pending: boolean;
  onImport: () => void;
}) => {
  const t = useT();
  return (
    <Modal.Content>
      <Modal.Header>
        <Modal.Title>{t('transfer.preview.title', { file: fileName })}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <Flex direction="column" alignItems="stretch" gap={6}>
          <Flex direction="column" alignItems="stretch" gap={2}>
            <Typography>{t('transfer.preview.intro')}</Typography>
            <Typography textColor="neutral600">{t('transfer.preview.rest')}</Typography>
          </Flex>
          {KINDS.filter((kind) => preview[kind].length > 0).map((kind) => (
            <Flex
              key={kind}
              direction="column"
              alignItems="stretch"
              gap={3}
              tag="section"
              aria-label={t(`transfer.preview.${kind}`)}
            >
              <Typography variant="delta" tag="h3">
                {t(`transfer.preview.${kind}`)}
              </Typography>
              {CHANGES.map((change) => {
                const items = preview[kind].filter((item) => item.change === change);
                return items.length ? <ChangeGroup key={change} change={change} items={items} /> : null;
              })}
            </Flex>
          ))}
          {preview.keys.some((key) => key.change === 'created') && (
            <Typography textColor="neutral600">{t('transfer.preview.newKeys')}</Typography>
          )}
        </Flex>
      </Modal.Body>
      <Modal.Footer>
        <Modal.Close>
          <Button variant="tertiary">{t('common.cancel')}</Button>
        </Modal.Close>
        <Button onClick={onImport} loading={pending} disabled={pending}>
          {t('transfer.import')}
        </Button>
      </Modal.Footer>
    </Modal.Content>
  );
};
