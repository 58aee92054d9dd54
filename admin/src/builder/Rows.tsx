import { Button, Flex } from '@strapi/design-system';
import type { ReactNode } from 'react';
import type { Problem } from '../../../contracts/problems';
import { useT } from '../hooks/useT';
import { problemPlace } from './problemPlaces';

/**
 * A list the builder edits row by row: each row rendered by `row`, with Remove, and Add at the end. `place` is
 * where the `i`th row's problems are (see problemPlaces.ts).
 */
export const Rows = <T,>({
  items,
  row,
  make,
  addLabel,
  onChange,
  testId,
  place,
  canAdd = true,
}: {
  items: T[];
  row: (item: T, update: (change: Partial<T>) => void, i: number) => ReactNode;
  make: () => T;
  addLabel: string;
  onChange: (items: T[]) => void;
  testId?: string;
  place?: (i: number) => Problem['path'];
  /** False when no row can be added (every choice is taken). */
  canAdd?: boolean;
}) => {
  const t = useT();
  return (
    <Flex direction="column" alignItems="stretch" gap={2}>
      {items.map((item, i) => (
        <Flex
          key={i}
          gap={2}
          alignItems="start"
          wrap="wrap"
          data-testid={testId}
          {...(place && problemPlace(place(i)))}
        >
          {row(item, (change) => onChange(items.map((x, j) => (i === j ? { ...x, ...change } : x))), i)}
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
