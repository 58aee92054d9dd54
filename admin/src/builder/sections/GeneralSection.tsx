import { Grid } from '@strapi/design-system';
import {
  ENDPOINT_TYPES,
  PARAMETER_MODES,
  SINGLE_TYPE_ENDPOINTS,
  targetsRecord,
  type ParameterMode,
} from '../../../../contracts/definition';
import type { ObjectDescription } from '../../../../contracts/objects';
import { ToggleField } from '../../components/ToggleField';
import { useT } from '../../hooks/useT';
import { ContentOptions } from '../ContentOptions';
import { methodOf, type Draft } from '../draft';
import { SelectField } from '../SelectField';
import { FormCell } from './FormCell';
import { ObjectField } from './ObjectField';
import type { SectionProps } from './props';
import { Section } from './Section';
import { TextField } from './TextField';

/**
 * What the endpoint is: its name, path, type and content type, how its URL takes a parameter, whether it is
 * served, and the content options of its content type, two by two.
 */
export const GeneralSection = (
  props: SectionProps & {
    objects: ObjectDescription[];
    /** The parameter in force: a single type or a record-targeting type decides it. */
    parameter: ParameterMode;
    single: boolean;
    url: string;
  }
) => {
  const t = useT();
  const { draft, set, problems, object, parameter, single, url } = props;
  // A single type's one entry is read or changed, never created or deleted.
  const types = single ? SINGLE_TYPE_ENDPOINTS : ENDPOINT_TYPES;
  return (
    <Section title={t('builder.general')}>
      <Grid.Root gap={4}>
        <FormCell>
          <TextField {...props} name="name" label={t('endpoints.column.name')} />
        </FormCell>
        <FormCell>
          <TextField {...props} name="path" label={t('endpoints.column.path')} hint={`${methodOf(draft)} ${url}`} />
        </FormCell>
        <FormCell>
          <SelectField
            name="type"
            label={t('endpoints.column.type')}
            value={draft.type}
            error={problems.type}
            options={types.map((type) => [type, t(`type.${type}`)])}
            onChange={(v) => set('type', v as Draft['type'])}
          />
        </FormCell>
        <FormCell>
          <ObjectField {...props} />
        </FormCell>
        <FormCell>
          <SelectField
            name="parameter"
            label={t('builder.parameter')}
            hint={t(single ? 'builder.parameter.single' : 'builder.parameter.hint')}
            value={parameter}
            error={problems.parameter}
            disabled={single || targetsRecord(draft.type)}
            options={PARAMETER_MODES.map((mode) => [mode, t(`builder.parameter.${mode}`)])}
            onChange={(v) => set('parameter', v as Draft['parameter'])}
          />
        </FormCell>
        <FormCell>
          <ToggleField
            name="enabled"
            label={t('endpoints.column.enabled')}
            checked={draft.enabled}
            onChange={(on) => set('enabled', on)}
          />
        </FormCell>
        <ContentOptions object={object} draft={draft} problems={problems} set={set} />
      </Grid.Root>
    </Section>
  );
};
