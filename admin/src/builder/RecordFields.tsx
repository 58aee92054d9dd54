import { Box, Button, Checkbox, Flex, Grid, Typography } from '@strapi/design-system';
import { useState } from 'react';
import type { FieldSpec } from '../../../contracts/definition';
import type { ObjectField } from '../../../contracts/objects';
import { useT } from '../hooks/useT';
import { fieldNote, fieldTypeLabel } from './fieldNotes';
import { dropField, insideChoices, putField, relatedObject } from './relatedFields';
import { OpenedPanel, type PickerPlace } from './RelatedPanels';

/** One field a List may answer: chosen or not, and, when it can answer records, opened to choose what. */
const FieldChoice = ({
  field,
  spec,
  onChange,
  place,
}: {
  field: ObjectField;
  spec: FieldSpec | undefined;
  onChange: (spec: FieldSpec | undefined) => void;
  place: PickerPlace;
}) => {
  const t = useT();
  const [open, setOpen] = useState(Boolean(spec?.fields));
  const target = relatedObject(field, place.objects, place.depth);
  const inside = !target && insideChoices(field, place.objects, place.depth).length > 0;
  const shown = Boolean(spec) && open && (Boolean(target) || inside);
  const note = fieldNote(t, field);
  const chosen = spec?.fields?.map((f) => f.name).join(', ');
  return (
    <Grid.Item col={shown ? 12 : 4} s={shown ? 12 : 6} xs={12} alignItems="start">
      <Flex direction="column" alignItems="stretch" gap={1} width="100%" data-testid={`field-${place.path}`}>
        <Checkbox
          checked={Boolean(spec)}
          onCheckedChange={(on: boolean) => onChange(on === true ? { name: field.name } : undefined)}
        >
          {`${field.name} (${fieldTypeLabel(t, field)})`}
        </Checkbox>
        {note && (
          <Typography variant="pi" textColor="neutral600" data-testid="field-note">
            {note}
          </Typography>
        )}
        {spec && (target || inside) && (
          <Flex gap={2}>
            <Button variant="tertiary" size="S" onClick={() => setOpen(!open)}>
              {t(
                open
                  ? 'builder.fields.related.close'
                  : target
                    ? 'builder.fields.related.open'
                    : 'builder.fields.inside.open'
              )}
            </Button>
            {!open && chosen && (
              <Typography variant="pi" textColor="neutral600">
                {chosen}
              </Typography>
            )}
          </Flex>
        )}
        {shown && spec && <OpenedPanel field={field} target={target} spec={spec} onChange={onChange} place={place} />}
      </Flex>
    </Grid.Item>
  );
};

/**
 * The fields of a List's records (or of related records): each chosen, and opened where it answers records.
 * `more` (the fields Strapi fills in itself) wait behind "More fields", as in the Content Manager, unless one
 * of them is chosen.
 */
export const RecordFields = ({
  choices,
  more = [],
  specs,
  onChange,
  place,
}: {
  choices: ObjectField[];
  more?: ObjectField[];
  specs: FieldSpec[];
  onChange: (specs: FieldSpec[]) => void;
  place: PickerPlace;
}) => {
  const t = useT();
  const [showMore, setShowMore] = useState(() => more.some((f) => specs.some((s) => s.name === f.name)));
  const shown = showMore ? [...choices, ...more] : choices;
  return (
    <Flex direction="column" alignItems="stretch" gap={2}>
      <Grid.Root gap={2}>
        {shown.map((field) => (
          <FieldChoice
            key={field.name}
            field={field}
            spec={specs.find((s) => s.name === field.name)}
            onChange={(spec) => onChange(spec ? putField(specs, spec) : dropField(specs, field.name))}
            place={{ ...place, path: place.path ? `${place.path}.${field.name}` : field.name }}
          />
        ))}
      </Grid.Root>
      {more.length > 0 && (
        <Box>
          <Button variant="tertiary" size="S" onClick={() => setShowMore(!showMore)}>
            {t(showMore ? 'builder.fields.fewer' : 'builder.fields.more')}
          </Button>
        </Box>
      )}
    </Flex>
  );
};
