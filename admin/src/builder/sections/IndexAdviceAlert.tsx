import { Alert, Flex, Typography } from '@strapi/design-system';
import { useState } from 'react';
import type { RowId } from '../../../../contracts/admin-api';
import { useAdminQuery } from '../../api/queries';
import { CodeBox } from '../../components/CodeBox';
import { useT } from '../../hooks/useT';

/**
 * On a saved List or Aggregate over a large table that no index serves: a warning with the `CREATE INDEX` to run
 * (`id` null: nothing to ask about). Says nothing when the admin API does not answer: it is advice only.
 */
export const IndexAdviceAlert = ({ id }: { id: RowId | null }) => {
  const t = useT();
  const { data } = useAdminQuery('endpoints.indexAdvice', id === null ? null : { id });
  const [closed, setClosed] = useState(false);
  if (!data?.advice || closed) return null;
  return (
    <Alert
      variant="warning"
      title={t('builder.indexAdvice.title')}
      closeLabel={t('common.close')}
      onClose={() => setClosed(true)}
      data-testid="index-advice"
    >
      <Flex direction="column" alignItems="stretch" gap={2} paddingTop={2}>
        <Typography>{t('builder.indexAdvice.body', { table: data.table, rows: data.rows })}</Typography>
        <CodeBox code={data.advice.sql} copyLabel={t('builder.indexAdvice.copy')} testId="index-advice-sql" />
      </Flex>
    </Alert>
  );
};
