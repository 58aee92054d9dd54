import { Flex, Radio, Typography } from '@strapi/design-system';
import { useId } from 'react';
import { useT } from '../hooks/useT';

/**
 * Whether a task always runs or only when a condition holds: a choice of two named options, as Strapi's forms
 * offer one (a switch would read as yes or no).
 */
export const WhenChoice = ({
  conditional,
  onChange,
}: {
  conditional: boolean;
  onChange: (conditional: boolean) => void;
}) => {
  const t = useT();
  const label = useId();
  return (
    <Flex direction="column" alignItems="stretch" gap={2}>
      <Typography id={label} variant="pi" fontWeight="bold" textColor="neutral800">
        {t('builder.tasks.when')}
      </Typography>
      <Radio.Group
        aria-labelledby={label}
        value={conditional ? 'some' : 'always'}
        onValueChange={(value: string) => onChange(value === 'some')}
      >
        <Radio.Item value="always">{t('builder.tasks.when.always')}</Radio.Item>
        <Radio.Item value="some">{t('builder.tasks.when.some')}</Radio.Item>
      </Radio.Group>
    </Flex>
  );
};
