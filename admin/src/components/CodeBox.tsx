import { Box, Button, Typography } from '@strapi/design-system';
import { useClipboard } from '@strapi/strapi/admin';

/** Text to run elsewhere (a command, a statement), in a monospace box with a button that copies it. */
export const CodeBox = ({ code, copyLabel, testId }: { code: string; copyLabel: string; testId?: string }) => {
  const { copy } = useClipboard();
  return (
    <Box background="neutral100" padding={3} hasRadius>
      <Typography
        tag="pre"
        variant="omega"
        data-testid={testId}
        style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontFamily: 'monospace' }}
      >
        {code}
      </Typography>
      <Box paddingTop={2}>
        <Button variant="tertiary" size="S" onClick={() => copy(code)}>
          {copyLabel}
        </Button>
      </Box>
    </Box>
  );
};
