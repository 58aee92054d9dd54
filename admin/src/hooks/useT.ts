import { useCallback } from 'react';
import { useIntl } from 'react-intl';
import type en from '../translations/en.json';
import { getTranslation } from '../utils/getTranslation';

/** A key of the plugin's English translations: the compiler refuses one en.json lacks, even one built from parts. */
export type TranslationKey = keyof typeof en;

/** Values for a message's placeholders (`{count}`). */
export type TranslationValues = Record<string, string | number>;

/** What `useT` returns, for helpers that translate on a component's behalf. */
export type Translate = (id: TranslationKey, values?: TranslationValues) => string;

/**
 * The plugin's translations by their short key, with optional values (`{count}`). The same function for as long
 * as the locale is, so memoized values and effects may depend on it.
 */
export const useT = (): Translate => {
  const { formatMessage } = useIntl();
  return useCallback((id, values) => formatMessage({ id: getTranslation(id) }, values), [formatMessage]);
};
