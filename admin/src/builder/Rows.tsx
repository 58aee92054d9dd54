import { Button, Flex } from '@strapi/design-system';
import type { ReactNode } from 'react';
import { useT } from '../hooks/useT';

/** A list the builder edits row by row: each row rendered by `row`, with Remove, and Add at the end. */
export const Rows = <T,>({
  items,
  row,
  make,
  addLabel,
  onChange,
  testId,
  canAdd = true,
}: {
  items: T[];
  row: (item: T, update: (change: Partial<T>) => void) => ReactNode;
  make: () => T;
  addLabel: string;
  onChange: (items: T[]) => void;
  testId?: string;
  /** False when no row can be added (every choice is taken). */
  canAdd?: boolean;
}) => {
  const t = useT();
  return (
    <Flex direction="column" alignItems="stretch" gap={2}>
      {items.map((item, i) => (
        <Flex key={i} gap={2} alignItems="start" wrap="wrap" data-testid={testId}>
          {row(item, (change) => onChange(items.map((x, j) => (i === j ? { ...x, ...change } : x))))}
          <Button variant="tertiary" onClick={() => onChange(items.filter((_, j) => j !== i))}>
            {t('common.remove')}
          </Button>
        </Flex>
      ))}
      <div>
        <Button variant="secondary" size="S" disabled={!canAdd} onClick={() => onChange([...items, make()])}>
          {addLabel}
        </Button>
      </div>
    </Flex>
  );
};
