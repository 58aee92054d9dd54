import { SingleSelect, SingleSelectOption, TextInput } from '@strapi/design-system';
import { isVar } from '../../../contracts/json';
import { useT } from '../hooks/useT';
import { RowCell } from './RowCell';
import { textOf, valueOf } from './values';

/** A value the owner fixes: typed (JSON when it reads as JSON, else text), or a variable such as `param`. */
export const ValueInput = ({
  value,
  variables,
  onChange,
}: {
  value: unknown;
  variables: string[];
  onChange: (value: unknown) => void;
}) => {
  const t = useT();
  const variable = isVar(value) ? value.$var : '';
  return (
    <>
      <RowCell>
        <SingleSelect
          aria-label={t('builder.filter.source')}
          value={variable || 'value'}
          onChange={(v: string | number) => onChange(v === 'value' ? '' : { $var: String(v) })}
        >
          <SingleSelectOption value="value">{t('builder.filter.value')}</SingleSelectOption>
          {variables.map((name) => (
            <SingleSelectOption key={name} value={name}>
              {name}
            </SingleSelectOption>
          ))}
        </SingleSelect>
      </RowCell>
      {!variable && (
        <RowCell>
          <TextInput
            aria-label={t('builder.filter.value')}
            placeholder={t('builder.filter.value')}
            value={textOf(value)}
            onChange={(e) => onChange(valueOf(e.target.value))}
          />
        </RowCell>
      )}
    </>
  );
};
