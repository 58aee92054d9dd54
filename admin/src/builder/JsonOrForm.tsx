import { Button, Flex, JSONInput, Typography } from '@strapi/design-system';
import { useState, type ReactNode } from 'react';

/**
 * One JSON part of a definition edited through a form, or as the JSON itself. Text the form cannot show
 * (`form` is null) is edited as JSON, with `note` saying why.
 */
export const JsonOrForm = ({
  label,
  formLabel,
  text,
  onChange,
  form,
  note,
}: {
  label: string;
  formLabel: string;
  text: string;
  onChange: (text: string) => void;
  form: ReactNode | null;
  note?: string;
}) => {
  const [asJson, setAsJson] = useState(false);
  const json = asJson || form === null;
  return (
    <Flex direction="column" alignItems="stretch" gap={3}>
      <Flex gap={2}>
        <Button
          variant={json ? 'tertiary' : 'secondary'}
          size="S"
          disabled={form === null}
          onClick={() => setAsJson(false)}
        >
          {formLabel}
        </Button>
        <Button variant={json ? 'secondary' : 'tertiary'} size="S" onClick={() => setAsJson(true)}>
          JSON
        </Button>
        {form === null && note && (
          <Typography variant="pi" textColor="neutral600">
            {note}
          </Typography>
        )}
      </Flex>
      {json ? <JSONInput aria-label={label} value={text} onChange={onChange} /> : form}
    </Flex>
  );
};
