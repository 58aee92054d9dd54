import { Button, Dialog } from '@strapi/design-system';
import { ConfirmDialog } from '@strapi/strapi/admin';
import { useState, type ReactNode } from 'react';

/** A button that asks first: `onConfirm` runs only once the admin confirmed `question`. */
export const ConfirmButton = ({
  label,
  question,
  onConfirm,
}: {
  label: string;
  question: ReactNode;
  onConfirm: () => Promise<void>;
}) => {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger>
        <Button variant="danger-light" size="S">
          {label}
        </Button>
      </Dialog.Trigger>
      <ConfirmDialog
        onConfirm={async () => {
          await onConfirm();
          setOpen(false);
        }}
      >
        {question}
      </ConfirmDialog>
    </Dialog.Root>
  );
};
