import { Typography } from '@strapi/design-system';
import type { ObjectDescription } from '../../../contracts/objects';
import { CodeBox } from '../components/CodeBox';
import { useT } from '../hooks/useT';
import { backendUrl } from '../utils/backendUrl';
import { endpointUrl, methodOf, type Draft } from './draft';
import { queryFilterExample } from './queryExample';

/** On an endpoint whose client picks the locale: `locale=` with one of the site's other locales, as a sample. */
const localeParam = (d: Draft, object: ObjectDescription | undefined) => {
  if (!object?.localized || d.locale !== 'query') return [];
  const codes = (object.locales ?? []).map((l) => l.code);
  return [`locale=${codes.find((code) => code !== object.defaultLocale) ?? codes[0] ?? '<code>'}`];
};

/** The endpoint's URL, with the sample locale and the `extra` query parameters. */
const urlOf = (d: Draft, base: string, object: ObjectDescription | undefined, extra: string[] = []) => {
  const query = [...localeParam(d, object), ...extra];
  return `${endpointUrl(base, d, object?.kind === 'singleType')}${query.length ? `?${query.join('&')}` : ''}`;
};

/** The curl command that calls the endpoint, with a sample body for writes. */
export const curlOf = (d: Draft, base: string, object: ObjectDescription | undefined) => {
  const parts = ['curl -s'];
  const method = methodOf(d);
  if (method !== 'GET') parts.push(`-X ${method}`);
  if (d.auth.method === 'api-key') parts.push('-H "Authorization: Bearer $KEY"');
  else if (d.auth.method === 'session') parts.push(`-b cookies.txt -H 'Origin: ${base}'`);
  if (method === 'POST' || method === 'PATCH') {
    const sample = Object.fromEntries(d.fields.map((f) => [f.name, '...']));
    parts.push(`-H 'Content-Type: application/json' -d '${JSON.stringify(sample)}'`);
  }
  parts.push(`"${urlOf(d, base, object)}"`);
  return parts.join(' ');
};

export const TryIt = ({ draft, object }: { draft: Draft; object: ObjectDescription | undefined }) => {
  const t = useT();
  const base = backendUrl() || window.location.origin;
  const example = draft.type === 'list' ? queryFilterExample(draft.fields, object) : null;
  return (
    <>
      <CodeBox code={curlOf(draft, base, object)} copyLabel={t('builder.tryIt.copy')} testId="try-it" />
      {example && (
        <>
          <Typography variant="pi" textColor="neutral600">
            {t('builder.tryIt.filtered')}
          </Typography>
          <CodeBox
            code={urlOf(draft, base, object, [example])}
            copyLabel={t('builder.tryIt.copyUrl')}
            testId="try-it-filtered"
          />
        </>
      )}
    </>
  );
};
