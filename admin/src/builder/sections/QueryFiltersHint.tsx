import { Typography } from '@strapi/design-system';
import type { ObjectDescription } from '../../../../contracts/objects';
import { useT } from '../../hooks/useT';
import type { Draft } from '../draft';
import { queryFilterExample } from '../queryExample';
import { Hint } from './Hint';

/** What a client of a List may add to its URL to narrow it, with a sample on the draft's own fields. */
export const QueryFiltersHint = ({ draft, object }: { draft: Draft; object: ObjectDescription | undefined }) => {
  const t = useT();
  const example = queryFilterExample(draft.fields, object);
  return (
    <div data-testid="query-filters-hint">
      <Hint>
        {t('builder.fields.queryFilters')}
        {example && (
          <>
            {' '}
            {t('builder.fields.queryFilters.example')}{' '}
            <Typography variant="pi" tag="code" style={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
              ?{example}
            </Typography>
          </>
        )}
      </Hint>
    </div>
  );
};
