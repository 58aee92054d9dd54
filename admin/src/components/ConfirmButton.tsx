import { Button, Dialog, IconButton } from '@strapi/design-system';
import { Trash } from '@strapi/icons';
import { ConfirmDialog } from '@strapi/strapi/admin';
import { useState, type ReactElement, type ReactNode } from 'react';

/**
 * A control (`trigger`) that asks first: `onConfirm` runs only once the admin confirmed `question`; the dialog
 * closes once it ran. `confirmLabel` says what the confirming button does ("Purge cache"), in place of Strapi's
 * "Confirm".
 */
export const Confirmed = ({
  trigger,
  question,
  onConfirm,
  confirmLabel,
}: {
  trigger: ReactElement;
  question: ReactNode;
  onConfirm: () => Promise<void>;
  confirmLabel?: string;
}) => {
  const [open, setOpen] = useState(false);
  const [running, setRunning] = useState(false);
  const confirm = async () => {
    setRunning(true);
    try {
      await onConfirm();
    } finally {
      setRunning(false);
      setOpen(false);
    }
  };
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger>{trigger}</Dialog.Trigger>
      <ConfirmDialog
        onConfirm={confirm}
        endAction={
          confirmLabel && (
            // As Strapi's own confirming button: full width, danger-light, loading while it runs.
            <Dialog.Action>
              <Button fullWidth variant="danger-light" loading={running} onClick={() => void confirm()}>
                {confirmLabel}
              </Button>
            </Dialog.Action>
          )
        }
      >
        {question}
      </ConfirmDialog>
    </Dialog.Root>
  );
};

/** A row's delete button (a bin, as in Strapi's tables, named `label`: "Delete GET /_api/orders") that asks first. */
export const ConfirmButton = ({
  label,
  question,
  onConfirm,
}: {
  label: string;
  question: ReactNode;
  onConfirm: () => Promise<void>;
}) => (
  <Confirmed
    trigger={
      <IconButton label={label} variant="ghost">
        <Trash />
      </IconButton>
    }
    question={question}
    onConfirm={onConfirm}
  />
);
