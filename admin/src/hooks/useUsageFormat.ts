import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { UsageGroup } from '../../../contracts/usage';
import { routeLabel } from '../utils/labels';
import { useT } from './useT';

/**
 * How the usage pages write numbers and name groups, in the admin's locale. The same functions for as long as
 * the locale is (charts redraw when they change).
 */
export const useUsageFormat = () => {
  const t = useT();
  const { formatNumber } = useIntl();
  return useMemo(() => {
    const dash = '–';
    return {
      count: (value: number) => formatNumber(value),
      /** A share (0 to 1) as a percentage. */
      percent: (rate: number | null) =>
        rate === null ? dash : formatNumber(rate, { style: 'percent', maximumFractionDigits: 1 }),
      ms: (ms: number | null) => (ms === null ? dash : formatNumber(ms, { maximumFractionDigits: 1 })),
      bytes: (value: number) =>
        formatNumber(value, { style: 'unit', unit: 'byte', notation: 'compact', unitDisplay: 'narrow' }),
      /**
       * An endpoint's route as the endpoints table writes it (`GET /_api/shop/orders`) or a key's name, saying when
       * it is gone; key 0 is the requests without a key (Browser
       * Session and public endpoints, and requests refused before a key was accepted), and a key
       * without a name is one the admin may not read (its id only).
       */
      group: (group: Pick<UsageGroup, 'id' | 'label' | 'gone'>, by: 'endpoint' | 'key') => {
        if (by === 'key' && group.id === 0) return t('usage.noKey');
        if (by === 'key' && group.gone) return t('usage.goneKey', { id: group.id });
        if (by === 'key') return group.label ?? t('usage.keyId', { id: group.id });
        const [method, path = ''] = (group.label ?? '').split(' ');
        const route = routeLabel({ method, path });
        return group.gone ? t('usage.goneEndpoint', { label: route }) : route;
      },
    };
  }, [t, formatNumber]);
};

export type UsageFormat = ReturnType<typeof useUsageFormat>;
