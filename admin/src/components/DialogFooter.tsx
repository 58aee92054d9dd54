import { Button, Modal } from '@strapi/design-system';
import { useT } from '../hooks/useT';

/** The footer of a dialog that only shows something: Done closes it. */
export const DoneFooter = () => {
  const t = useT();
  return (
    <Modal.Footer>
      <Modal.Close>
        <Button>{t('common.done')}</Button>
      </Modal.Close>
    </Modal.Footer>
  );
};

/** The footer of a form in a dialog: Cancel closes it, `label` submits it (once: not again while `pending`). */
export const SubmitFooter = ({
  label,
  onSubmit,
  pending,
}: {
  label: string;
  onSubmit: () => void;
  pending: boolean;
}) => {
  const t = useT();
  return (
    <Modal.Footer>
      <Modal.Close>
        <Button variant="tertiary">{t('common.cancel')}</Button>
      </Modal.Close>
      <Button onClick={onSubmit} loading={pending} disabled={pending}>
        {label}
      </Button>
    </Modal.Footer>
  );
};
