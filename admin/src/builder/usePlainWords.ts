import { useAdminQuery } from '../api/queries';
import { useT } from '../hooks/useT';
import { plainWords } from './problemWords';

/** `plainWords` for the builder's components, naming types by the display names the builder has loaded. */
export const usePlainWords = () => {
  const t = useT();
  const objects = useAdminQuery('objects.find').data ?? [];
  const objectName = (uid: string) => objects.find((o) => o.uid === uid)?.displayName ?? uid;
  return (message: string) => plainWords({ t, objectName }, message);
};
