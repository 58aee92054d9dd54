import type { ObjectDescription } from '../../../contracts/objects';
import { CodeBox } from '../components/CodeBox';
import { useT } from '../hooks/useT';
import { backendUrl } from '../utils/backendUrl';
import { endpointUrl, methodOf, type Draft } from './draft';

/** On an endpoint whose client picks the locale: `?locale=` with one of the site's other locales, as a sample. */
const localeQuery = (d: Draft, object: ObjectDescription | undefined) => {
  if (!object?.localized || d.locale !== 'query') return '';
  const codes = (object.locales ?? []).map((l) => l.code);
  return `?locale=${codes.find((code) => code !== object.defaultLocale) ?? codes[0] ?? '<code>'}`;
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
  parts.push(`"${endpointUrl(base, d, object?.kind === 'singleType')}${localeQuery(d, object)}"`);
  return parts.join(' ');
};

export const TryIt = ({ draft, object }: { draft: Draft; object: ObjectDescription | undefined }) => {
  const t = useT();
  const command = curlOf(draft, backendUrl() || window.location.origin, object);
  return <CodeBox code={command} copyLabel={t('builder.tryIt.copy')} testId="try-it" />;
};
