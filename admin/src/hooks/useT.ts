import { useIntl } from 'react-intl';
import { getTranslation } from '../utils/getTranslation';

/** The plugin's translations by their short key, with optional values (`{count}`). */
export const useT = () => {
  const { formatMessage } = useIntl();
  return (id: string, values?: Record<string, string | number>) => formatMessage({ id: getTranslation(id) }, values);
};
