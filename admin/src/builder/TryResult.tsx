import { Box, Flex, Typography } from '@strapi/design-system';
import { useT } from '../hooks/useT';
import type { TryResponse } from './tryResponse';

/** An answer to Send: its status with its text, the headers a caller acts on, and the start of its body. */
export const TryResult = ({ response }: { response: TryResponse }) => {
  const t = useT();
  const ok = response.status < 400;
  return (
    <Flex direction="column" alignItems="stretch" gap={2} data-testid="try-result">
      <Typography
        variant="omega"
        fontWeight="bold"
        textColor={ok ? 'success600' : 'danger600'}
        data-testid="try-status"
      >
        {`${response.status} ${response.statusText}`.trim()}
      </Typography>
      <Box data-testid="try-headers">
        {response.headers.map(([name, value]) => (
          <Typography key={name} variant="pi" textColor="neutral700" tag="div" style={{ wordBreak: 'break-all' }}>
            <b>{name}:</b> {value}
          </Typography>
        ))}
      </Box>
      <Box background="neutral100" padding={3} hasRadius style={{ maxHeight: 400, overflow: 'auto' }}>
        <Typography
          tag="pre"
          variant="omega"
          data-testid="try-body"
          style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontFamily: 'monospace' }}
        >
          {response.body}
        </Typography>
      </Box>
      {response.cutFrom !== undefined && (
        <Typography variant="pi" textColor="neutral600">
          {t('builder.tryIt.cut', { shown: response.body.length, total: response.cutFrom })}
        </Typography>
      )}
    </Flex>
  );
};
