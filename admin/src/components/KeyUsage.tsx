import { Flex, IconButton, Modal, Typography } from '@strapi/design-system';
import { ChartPie } from '@strapi/icons';
import { Page } from '@strapi/strapi/admin';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import type { ApiKeySummary } from '../../../contracts/api-key';
import { useAdminQuery } from '../api/queries';
import { useT } from '../hooks/useT';
import { useUsageFormat } from '../hooks/useUsageFormat';
import { UsageTable } from './UsageTable';
import { DoneFooter } from './DialogFooter';

/** A key's last use and, for the last 7 and 30 days, its requests and busiest endpoints (loaded when opened). */
const KeyUsageBody = ({ apiKey }: { apiKey: ApiKeySummary }) => {
  const t = useT();
  const { formatDate } = useIntl();
  const format = useUsageFormat();
  const usage = useAdminQuery('usage.keyUsage', { id: apiKey.id });
  if (usage.error) return <Page.Error />;
  if (!usage.data) return <Page.Loading />;
  const { lastUsedAt, windows } = usage.data;
  return (
    <Flex direction="column" alignItems="stretch" gap={6}>
      <Typography>
        {t('keys.usage.lastUsed', {
          date: lastUsedAt ? formatDate(lastUsedAt, { dateStyle: 'medium', timeStyle: 'short' }) : t('common.never'),
        })}
      </Typography>
      {windows.map((window) => (
        <Flex key={window.days} direction="column" alignItems="stretch" gap={2}>
          <Typography variant="delta" tag="h3">
            {t('keys.usage.window', { days: window.days, count: window.totals.requests })}
          </Typography>
          {window.endpoints.length ? (
            <UsageTable
              heading={t('keys.usage.busiest')}
              testId={`key-usage-${window.days}`}
              rows={window.endpoints.map((e) => ({
                id: e.id,
                name: format.group(e, 'endpoint'),
                detail: e.name,
                totals: e.totals,
              }))}
              format={format}
              brief
            />
          ) : (
            <Typography textColor="neutral600">{t('keys.usage.none')}</Typography>
          )}
        </Flex>
      ))}
    </Flex>
  );
};

export const KeyUsageButton = ({ apiKey }: { apiKey: ApiKeySummary }) => {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <Modal.Root open={open} onOpenChange={setOpen}>
      <Modal.Trigger>
        <IconButton variant="ghost" label={t('keys.usage.title', { name: apiKey.name })}>
          <ChartPie />
        </IconButton>
      </Modal.Trigger>
      <Modal.Content>
        <Modal.Header>
          <Modal.Title>{t('keys.usage.title', { name: apiKey.name })}</Modal.Title>
        </Modal.Header>
        <Modal.Body>{open && <KeyUsageBody apiKey={apiKey} />}</Modal.Body>
        <DoneFooter />
      </Modal.Content>
    </Modal.Root>
  );
};
