import { Button, Dialog } from '@strapi/design-system';
import { WarningCircle } from '@strapi/icons';
import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { useT } from '../hooks/useT';

/**
 * Asks before the admin leaves changes unsaved (`when`), as Strapi's Content Manager does: a move inside the panel
 * (its menus, Back, the browser's back button) waits for Cancel or Leave; a reload or a closed tab gets the
 * browser's own question, since no page may show its own then.
 */
export const UnsavedChangesGuard = ({ when }: { when: boolean }) => {
  const t = useT();
  useEffect(() => {
    if (!when) return undefined;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when this is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [when]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search)
  );
  if (blocker.state !== 'blocked') return null;
  return (
    <Dialog.Root open onOpenChange={(open) => !open && blocker.reset()}>
      <Dialog.Content>
        <Dialog.Header>{t('builder.leave.title')}</Dialog.Header>
        <Dialog.Body icon={<WarningCircle width="24px" height="24px" fill="danger600" />}>
          {t('builder.leave.question')}
        </Dialog.Body>
        <Dialog.Footer>
          <Dialog.Cancel>
            <Button variant="tertiary" fullWidth>
              {t('common.cancel')}
            </Button>
          </Dialog.Cancel>
          <Button variant="danger" fullWidth onClick={() => blocker.proceed()}>
            {t('builder.leave.confirm')}
          </Button>
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog.Root>
  );
};
