import { SingleSelect, SingleSelectOption } from '@strapi/design-system';
import type { ObjectDescription } from '../../../contracts/objects';
import { useT } from '../hooks/useT';
import { objectLabel } from '../utils/labels';

/** A content type of the tasks editor (what a task writes, or where a condition looks). */
export const ObjectSelect = ({
  value,
  objects,
  onChange,
}: {
  value: string;
  objects: ObjectDescription[];
  onChange: (uid: string) => void;
}) => {
  const t = useT();
  return (
    <SingleSelect
      aria-label={t('endpoints.column.object')}
      placeholder={t('builder.object.pick')}
      value={value}
      onChange={(v: string | number) => onChange(String(v))}
    >
      {objects.map((o) => (
        <SingleSelectOption key={o.uid} value={o.uid}>
          {objectLabel(o)}
        </SingleSelectOption>
      ))}
    </SingleSelect>
  );
};
