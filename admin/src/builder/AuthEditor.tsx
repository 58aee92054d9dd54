import {
  Badge,
  Box,
  Button,
  Flex,
  MultiSelect,
  MultiSelectOption,
  SingleSelect,
  SingleSelectOption,
  Typography,
} from '@strapi/design-system';
import { Plus } from '@strapi/icons';
import type { ApiKeySummary } from '../../../contracts/api-key';
import { SESSION_USER_OBJECTS } from '../../../contracts/definition';
import { CreateKey } from '../components/CreateKey';
import { useRights } from '../hooks/useRights';
import { useT } from '../hooks/useT';
import type { Draft } from './draft';

const initialAuth = (method: string | number): Draft['auth'] => {
  if (method === 'session') return { method: 'session', userObject: SESSION_USER_OBJECTS[0] };
  return method === 'public' ? { method: 'public' } : { method: 'api-key', keys: [] };
};

/**
 * API keys allowed on the endpoint, the user object of a Browser Session (docs/sessions.md), or anyone (public).
 * An admin who may manage keys creates one here, which is then allowed: no need to leave the builder for it.
 */
export const AuthEditor = ({
  auth,
  keys,
  onChange,
}: {
  auth: Draft['auth'];
  keys: ApiKeySummary[];
  onChange: (auth: Draft['auth']) => void;
}) => {
  const t = useT();
  const keyRights = useRights('keys');
  return (
    <Flex direction="column" alignItems="stretch" gap={2}>
      <SingleSelect
        aria-label={t('builder.auth.method')}
        value={auth.method}
        onChange={(v: string | number) => onChange(initialAuth(v))}
      >
        <SingleSelectOption value="api-key">{t('auth.api-key')}</SingleSelectOption>
        <SingleSelectOption value="session">{t('auth.session')}</SingleSelectOption>
        <SingleSelectOption value="public">{t('auth.public')}</SingleSelectOption>
      </SingleSelect>
      {auth.method === 'public' ? (
        <Typography variant="pi" textColor="neutral600">
          {t('builder.auth.public.hint')}
        </Typography>
      ) : auth.method === 'api-key' ? (
        <>
          {/* Side by side where there is room; on a phone the button goes under the picker, which keeps to its card. */}
          <Flex
            gap={2}
            direction={{ initial: 'column', medium: 'row' }}
            alignItems={{ initial: 'stretch', medium: 'flex-start' }}
          >
            <Box flex="1" minWidth={0}>
              <MultiSelect
                aria-label={t('builder.auth.keys')}
                placeholder={t('builder.auth.keys')}
                withTags
                value={auth.keys.map(String)}
                onChange={(values: string[]) => onChange({ method: 'api-key', keys: values.map(Number) })}
              >
                {keys.map((k) => {
                  const label = `${k.name}: ${k.description} (${k.prefix}…)`;
                  // A key marked for preview reads the drafts of a "from the request" endpoint: worth seeing here.
                  // The tag of a chosen key keeps to its label (`textValue`).
                  return (
                    <MultiSelectOption key={k.id} value={String(k.id)} textValue={label}>
                      {label}
                      {k.preview && (
                        <Badge marginLeft={2} data-testid="preview-badge">
                          {t('keys.preview.badge')}
                        </Badge>
                      )}
                    </MultiSelectOption>
                  );
                })}
              </MultiSelect>
            </Box>
            {keyRights.canManage && (
              <CreateKey
                trigger={
                  <Button variant="secondary" size="L" startIcon={<Plus />}>
                    {t('builder.auth.createKey')}
                  </Button>
                }
                onCreated={(key) => onChange({ method: 'api-key', keys: [...auth.keys, key.id] })}
              />
            )}
          </Flex>
          {/* Valid (a revocation leaves it so, and an export must import back), but worth saying. */}
          {auth.keys.length === 0 && (
            <Typography variant="pi" textColor="warning600">
              {t('builder.auth.noKey')}
            </Typography>
          )}
        </>
      ) : (
        <SingleSelect
          aria-label={t('builder.auth.userObject')}
          value={auth.userObject}
          onChange={(v: string | number) => {
            const userObject = SESSION_USER_OBJECTS.find((o) => o === v);
            if (userObject) onChange({ method: 'session', userObject });
          }}
        >
          {SESSION_USER_OBJECTS.map((o) => (
            <SingleSelectOption key={o} value={o}>
              {t(`builder.auth.userObject.${o === 'admin::user' ? 'admin' : 'site'}`)}
            </SingleSelectOption>
          ))}
        </SingleSelect>
      )}
    </Flex>
  );
};
