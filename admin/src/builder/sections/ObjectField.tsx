import { SINGLE_TYPE_ENDPOINTS } from '../../../../contracts/definition';
import type { ObjectDescription } from '../../../../contracts/objects';
import { useT } from '../../hooks/useT';
import { objectLabel } from '../../utils/labels';
import { SelectField } from '../SelectField';
import type { SectionProps } from './props';

/**
 * The content type the endpoint serves. Picking another one starts its content choices afresh: the fields, sort,
 * status, locale and media of the last type mean nothing for the new one.
 */
export const ObjectField = ({
  draft,
  set,
  problems,
  objects,
}: Omit<SectionProps, 'object'> & { objects: ObjectDescription[] }) => {
  const t = useT();
  return (
    <SelectField
      name="object"
      label={t('endpoints.column.object')}
      value={draft.object}
      error={problems.object}
      placeholder={t('builder.object.pick')}
      options={objects.map((o) => [
        o.uid,
        o.kind === 'singleType' ? `${objectLabel(o)} · ${t('builder.object.single')}` : objectLabel(o),
      ])}
      onChange={(v) => {
        const picked = objects.find((o) => o.uid === v);
        set('object', v);
        if (picked?.kind === 'singleType' && !SINGLE_TYPE_ENDPOINTS.includes(draft.type)) set('type', 'list');
        set('fields', []);
        set('sort', []);
        set('status', 'published');
        set('publish', false);
        set('locale', '');
        set('media', 'url');
      }}
    />
  );
};
