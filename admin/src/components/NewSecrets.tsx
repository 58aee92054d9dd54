import { Alert, Box, Button, Flex, Typography } from '@strapi/design-system';
import { useClipboard, useNotification } from '@strapi/strapi/admin';
import { useT } from '../hooks/useT';

/** Secrets of keys just created, shown this once: a warning, and each secret with its copy button. */
export const NewSecrets = ({ keys }: { keys: Array<{ name: string; description: string; secret: string }> }) => {
  const t = useT();
  const { copy } = useClipboard();
  const { toggleNotification } = useNotification();
  return (
    <Flex direction="column" alignItems="stretch" gap={4}>
      <Alert variant="warning" closeLabel={t('common.close')} title={t('keys.secret.title')}>
        {t('keys.secret.warning')}
      </Alert>
      {keys.map((key) => (
        <Flex key={key.secret} direction="column" alignItems="stretch" gap={2} data-testid="new-secret">
          <Typography>
            <Typography fontWeight="bold">{key.name}</Typography>: {key.description}
          </Typography>
          <Flex gap={2} alignItems="center">
            <Box background="neutral100" padding={3} hasRadius flex="1">
              <Typography fontWeight="bold" data-testid="key-secret" style={{ wordBreak: 'break-all' }}>
                {key.secret}
              </Typography>
            </Box>
            <Button
              variant="secondary"
              aria-label={t('keys.copyOf', { name: key.name })}
              onClick={async () => {
                if (await copy(key.secret)) toggleNotification({ type: 'success', message: t('keys.copied') });
              }}
            >
              {t('keys.copy')}
            </Button>
          </Flex>
        </Flex>
      ))}
    </Flex>
  );
};
