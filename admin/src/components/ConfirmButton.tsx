import { Dialog, IconButton } from '@strapi/design-system';
import { Trash } from '@strapi/icons';
import { ConfirmDialog } from '@strapi/strapi/admin';
import { useState, type ReactElement, type ReactNode } from 'react';

/**
 * A control (`trigger`) that asks first: `onConfirm` runs only once the admin confirmed `question`; the dialog
 * closes once it ran.
 */
export const Confirmed = ({
  trigger,
  question,
  onConfirm,
}: {
  trigger: ReactElement;
  question: ReactNode;
  onConfirm: () => Promise<void>;
}) => {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger>{trigger}</Dialog.Trigger>
      <ConfirmDialog
        onConfirm={async () => {
          try {
            await onConfirm();
          } finally {
            setOpen(false);
          }
        }}
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
