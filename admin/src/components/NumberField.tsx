import { Field, NumberInput } from '@strapi/design-system';

interface Common {
  name: string;
  label: string;
  hint?: string;
}

/** A number the admin must give: an emptied input keeps the last one. */
interface Required extends Common {
  optional?: false;
  value: number;
  onChange: (value: number) => void;
}

/** A number the admin may leave out: an emptied input is `undefined`. */
interface Optional extends Common {
  optional: true;
  value: number | undefined;
  onChange: (value: number | undefined) => void;
}

/** A labelled number input, with its hint; the server refuses what is out of range, naming the field. */
export const NumberField = (props: Required | Optional) => (
  <Field.Root name={props.name} hint={props.hint}>
    <Field.Label>{props.label}</Field.Label>
    <NumberInput
      value={props.value}
      onValueChange={(next: number | undefined) => {
        if (next !== undefined) props.onChange(next);
        else if (props.optional) props.onChange(undefined);
      }}
    />
    <Field.Hint />
  </Field.Root>
);
