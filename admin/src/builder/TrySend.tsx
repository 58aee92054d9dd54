import { Button, Field, Flex } from '@strapi/design-system';
import { useState } from 'react';
import type { ObjectDescription } from '../../../contracts/objects';
import { useOneAtATime } from '../hooks/useOneAtATime';
import { useT } from '../hooks/useT';
import { backendUrl } from '../utils/backendUrl';
import { endpointUrl, type Draft } from './draft';
import { queryFilterExample } from './queryExample';
import { Hint } from './sections/Hint';
import { TryResult } from './TryResult';
import { tryResponseOf, type TryResponse } from './tryResponse';

/**
 * Send: the browser calls the SAVED read endpoint under /_api itself, as any client would (its rate limit, allowed
 * IPs and usage apply), with a pasted key's secret that lives only in this component's state; never with the
 * admin's cookies. A session endpoint is not called: the panel has no site user's session to send.
 */
export const TrySend = ({
  saved,
  changed,
  object,
}: {
  saved: Draft | null;
  changed: boolean;
  object: ObjectDescription | undefined;
}) => {
  const t = useT();
  const [secret, setSecret] = useState('');
  const [query, setQuery] = useState('');
  const [response, setResponse] = useState<TryResponse | null>(null);
  const [failure, setFailure] = useState('');
  const send = useOneAtATime(async () => {
    if (!saved) return;
    const url = endpointUrl(backendUrl() || window.location.origin, saved, object?.kind === 'singleType');
    const search = query.trim().replace(/^\?/, '');
    setFailure('');
    try {
      const answer = await fetch(search ? `${url}?${search}` : url, {
        credentials: 'omit',
        headers: saved.auth.method === 'api-key' ? { Authorization: `Bearer ${secret.trim()}` } : {},
      });
      setResponse(tryResponseOf(answer.status, answer.statusText, answer.headers, await answer.text()));
    } catch (error) {
      setResponse(null);
      setFailure(t('builder.tryIt.send.failed', { reason: String((error as Error)?.message ?? error) }));
    }
  });
  if (!saved) return <Hint>{t('builder.tryIt.send.unsaved')}</Hint>;
  if (saved.auth.method === 'session') return <Hint>{t('builder.tryIt.send.session')}</Hint>;
  const example = saved.type === 'list' ? queryFilterExample(saved.fields, object) : null;
  const needsKey = saved.auth.method === 'api-key';
  return (
    <Flex direction="column" alignItems="stretch" gap={3} data-testid="try-send">
      {changed && <Hint>{t('builder.tryIt.send.savedOnly')}</Hint>}
      <Flex gap={3} wrap="wrap" alignItems="flex-start">
        {needsKey && (
          <Field.Root name="trySecret" hint={t('builder.tryIt.send.secretHint')} style={{ flex: '1 1 240px' }}>
            <Field.Label>{t('builder.tryIt.send.secret')}</Field.Label>
            <Field.Input
              type="password"
              autoComplete="off"
              value={secret}
              onChange={(e) => setSecret(e.target.value)}
            />
            <Field.Hint />
          </Field.Root>
        )}
        <Field.Root name="tryQuery" hint={t('builder.tryIt.send.queryHint')} style={{ flex: '1 1 240px' }}>
          <Field.Label>{t('builder.tryIt.send.query')}</Field.Label>
          <Field.Input
            value={query}
            placeholder={example ?? ''}
            autoComplete="off"
            onChange={(e) => setQuery(e.target.value)}
          />
          <Field.Hint />
        </Field.Root>
      </Flex>
      <Flex>
        <Button
          variant="secondary"
          onClick={send.run}
          loading={send.pending}
          disabled={send.pending || (needsKey && !secret.trim())}
        >
          {t('builder.tryIt.send')}
        </Button>
      </Flex>
      {failure && <Hint>{failure}</Hint>}
      {response && <TryResult response={response} />}
    </Flex>
  );
};
