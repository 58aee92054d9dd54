import { Combobox, ComboboxOption, Field } from '@strapi/design-system';
import { useEffect, useRef, useState, type FocusEvent } from 'react';

/**
 * A field path picked from `options` or typed (`customer.user.email`). A typed path `isKnown` accepts is taken
 * at once; other text is judged once the list closes (a click elsewhere, Escape): it stays in the box, refused,
 * with `refusal` under it, and the value keeps its last accepted path. `error` is a problem found elsewhere (the
 * admin API's). With `labelAbove` the label is shown over the box (with `hint` under it), else inside it.
 */
export const FieldCombobox = ({
  label,
  value,
  options,
  isKnown,
  refusal,
  error,
  labelAbove,
  hint,
  onChange,
}: {
  label: string;
  labelAbove?: boolean;
  hint?: string;
  value: string;
  options: string[];
  isKnown: (path: string) => boolean;
  refusal: (text: string) => string;
  error?: string;
  onChange: (path: string) => void;
}) => {
  const [text, setText] = useState(value);
  const [open, setOpen] = useState(false);
  // The list narrows to what was typed, not to the path in the box: opened on a chosen path, it offers them all.
  const [typed, setTyped] = useState('');
  // A path changed from outside (the JSON view, another row removed) replaces what was typed.
  useEffect(() => setText(value), [value]);
  const path = text.trim();
  const pending = !open && path !== value;
  // A known path is taken as soon as it is in the box, list open or not: the next box may be filled before the
  // list closes, and a value typed there must be read for this field (`true` for a boolean, not for `id`).
  const known = path !== value && path !== '' && isKnown(path);
  // The owner's handler of this render, for the effect that takes a typed path (not a reason to run it again).
  const change = useRef(onChange);
  change.current = onChange;
  useEffect(() => {
    if (known) change.current(path);
  }, [known, path]);
  // A stored path beyond the offer (two relations away) is shown as the choice it is.
  const shown = value && !options.includes(value) ? [value, ...options] : options;
  return (
    <Field.Root error={pending && !known ? refusal(path) : error} hint={hint}>
      {labelAbove && <Field.Label>{label}</Field.Label>}
      <Combobox
        aria-label={labelAbove ? undefined : label}
        placeholder={labelAbove ? '' : label}
        allowCustomValue
        open={open}
        onOpenChange={(next: boolean) => {
          setOpen(next);
          if (!next) setTyped('');
        }}
        value={value}
        textValue={text}
        onTextValueChange={setText}
        filterValue={typed}
        onFilterValueChange={() => undefined}
        // No completion inside the box (it raced fast typing, `c` becoming `createdAt`): typing opens the list,
        // narrowed to the paths that start with the text.
        isPrintableCharacter={() => false}
        onInputChange={(e) => {
          setTyped(e.target.value);
          setOpen(true);
        }}
        onChange={(picked?: string) => picked && setText(picked)}
        // Focus leaving the box (Tab is kept by the open list; a script fills the next box) closes the list, which
        // judges the text, unless it went to an option, which a click then picks.
        onBlur={(e: FocusEvent<HTMLInputElement>) => {
          if (!(e.relatedTarget instanceof Element && e.relatedTarget.closest('[role="option"]'))) setOpen(false);
        }}
      >
        {shown.map((option) => (
          <ComboboxOption key={option} value={option}>
            {option}
          </ComboboxOption>
        ))}
      </Combobox>
      <Field.Hint />
      <Field.Error />
    </Field.Root>
  );
};
