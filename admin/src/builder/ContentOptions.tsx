import { isWrite, STATUS_FROM_QUERY, STATUS_FROM_QUERY_TYPES } from '../../../contracts/definition';
import type { ObjectDescription, SiteLocale } from '../../../contracts/objects';
import { ToggleField } from '../components/ToggleField';
import { useT } from '../hooks/useT';
import { READS_EVERY_LOCALE, type Draft } from './draft';
import { holdsMedia } from './fieldChoices';
import { SelectField } from './SelectField';
import { FormCell } from './sections/FormCell';

/** The select's stand-in for "no locale in the definition" (no locale code starts with "@"). */
const SITE_DEFAULT = '@default';

/** A locale as Strapi's settings name it ("French (fr)"), with its code when the name lacks it. */
const localeLabel = (l: SiteLocale) => (l.name.includes(l.code) ? l.name : `${l.name} (${l.code})`);

const localeHint = (locale: string) =>
  locale === '' ? 'default' : locale === 'query' || locale === 'all' ? locale : 'fixed';

/**
 * What the endpoint reads and writes of a type's content, where the type has it: Draft & Publish status and
 * publishing, the locale of a localized type, and how a List answers files and which URLs it gives them.
 */
export const ContentOptions = ({
  object,
  draft,
  problems,
  set,
}: {
  object: ObjectDescription | undefined;
  draft: Draft;
  problems: Record<string, string>;
  set: <K extends keyof Draft>(key: K, value: Draft[K]) => void;
}) => {
  const t = useT();
  if (!object) return null;
  const locales = object.locales ?? [];
  const fixed = locales.map((l): [string, string] => [l.code, localeLabel(l)]);
  const siteDefault = fixed.find(([code]) => code === object.defaultLocale)?.[1] ?? object.defaultLocale ?? '';
  // A stored locale the site no longer has stays visible, so the owner sees why the endpoint fails.
  const stale =
    draft.locale && !['query', 'all'].includes(draft.locale) && !locales.some((l) => l.code === draft.locale);
  const localeOptions: Array<[string, string]> = [
    [SITE_DEFAULT, t('builder.locale.default', { locale: siteDefault })],
    ...fixed,
    ...(stale ? [[draft.locale, draft.locale] as [string, string]] : []),
    ['query', t('builder.locale.query')],
    ...(READS_EVERY_LOCALE.includes(draft.type) || draft.locale === 'all'
      ? [['all', t('builder.locale.all')] as [string, string]]
      : []),
  ];
  return (
    <>
      {object.draftAndPublish && draft.type !== 'create' && (
        <FormCell>
          <SelectField
            name="status"
            label={t('builder.status')}
            hint={t(draft.status === STATUS_FROM_QUERY ? 'builder.status.hint.query' : 'builder.status.hint')}
            value={draft.status}
            error={problems.status}
            options={[
              ['published', t('builder.status.published')],
              ['draft', t('builder.status.draft')],
              // Shown where it applies, and where a stored definition has it (the server then says why not).
              ...(STATUS_FROM_QUERY_TYPES.includes(draft.type) || draft.status === STATUS_FROM_QUERY
                ? [[STATUS_FROM_QUERY, t('builder.status.query')] as [string, string]]
                : []),
            ]}
            onChange={(v) => set('status', v as Draft['status'])}
          />
        </FormCell>
      )}
      {object.draftAndPublish && isWrite(draft.type) && (
        <FormCell>
          <ToggleField
            name="publish"
            label={t('builder.publish')}
            hint={t('builder.publish.hint')}
            error={problems.publish}
            checked={draft.publish}
            onChange={(on) => set('publish', on)}
          />
        </FormCell>
      )}
      {object.localized && (
        <FormCell>
          <SelectField
            name="locale"
            label={t('builder.locale')}
            hint={t(`builder.locale.hint.${localeHint(draft.locale)}`)}
            value={draft.locale || SITE_DEFAULT}
            error={problems.locale}
            options={localeOptions}
            onChange={(v) => set('locale', v === SITE_DEFAULT ? '' : v)}
          />
        </FormCell>
      )}
      {draft.type === 'list' && holdsMedia(object.fields) && (
        <FormCell>
          <SelectField
            name="media"
            label={t('builder.media')}
            hint={t(`builder.media.hint.${draft.media}`)}
            value={draft.media}
            error={problems.media}
            options={[
              ['url', t('builder.media.url')],
              ['object', t('builder.media.object')],
            ]}
            onChange={(v) => set('media', v as Draft['media'])}
          />
        </FormCell>
      )}
      {draft.type === 'list' && holdsMedia(object.fields) && (
        <FormCell>
          <SelectField
            name="mediaUrls"
            label={t('builder.mediaUrls')}
            hint={t(`builder.mediaUrls.hint.${draft.mediaUrls}`)}
            value={draft.mediaUrls}
            error={problems.mediaUrls}
            options={[
              ['signed', t('builder.mediaUrls.signed')],
              ['public', t('builder.mediaUrls.public')],
            ]}
            onChange={(v) => set('mediaUrls', v as Draft['mediaUrls'])}
          />
        </FormCell>
      )}
    </>
  );
};
