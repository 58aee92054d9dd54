import type { Browser, Page } from 'playwright-core';
import { chooseExactly, openAdminPanel, optionsOf, screenshot } from '../helpers/admin-browser';
import { callWithKey, createKey, type KeyFixture } from '../helpers/fixtures';
import type { AdminClient, TestApp } from '../helpers/strapi';
import { SAVED_ENDPOINT } from './admin-steps';

/**
 * The endpoint builder on real Strapi content, in a real browser: the field picker explains
 * components and dynamic zones, the filter offers a single component's fields (`seo.metaTitle`), a localized
 * type takes a locale (fixed, the client's or every one), and a List of a type with files answers them as URLs
 * or as file details.
 */

let app: TestApp;
let browser: Browser;
let page: Page;
let base: string;
let admin: AdminClient;
let key: KeyFixture;
const call = callWithKey(
  () => app,
  () => key
);
const pageErrors: string[] = [];

const combobox = (name: string) => page.getByRole('combobox', { name });
const fieldBox = (name: string) => page.getByTestId(`field-${name}`);
const pickField = (name: string) => page.getByRole('checkbox', { name: new RegExp(`^${name} \\(`) }).click();

/** Opens a new endpoint in the builder with its name, path, content type and, when given, type. */
const startEndpoint = async (name: string, path: string, object: string, type?: string) => {
  await page.goto(`${base}/admin/plugins/data-api/endpoints/new`);
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Path').fill(path);
  await chooseExactly(page, combobox('Content type'), object);
  if (type) await chooseExactly(page, page.getByRole('combobox', { name: 'Type', exact: true }), type);
};

/** Save pressed with a problem the builder finds itself: refused with the count, nothing sent. */
const refusedSave = async () => {
  await page.getByRole('button', { name: 'Save' }).click();
  await page.getByText('1 problem to fix before saving').waitFor();
  expect(page.url()).toMatch(/\/endpoints\/new$/);
};

/** Allows the suite's key, saves, and answers the stored definition as the admin API gives it. */
const save = async (path: string) => {
  await combobox('Allowed API keys').click();
  await page.getByRole('option', { name: /Content builder key/ }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL(SAVED_ENDPOINT);
  const endpoints = (await admin.get('/data-api/endpoints')).body.data as Array<Record<string, unknown>>;
  return endpoints.find((e) => e.path === path)!;
};

/** The saved endpoint reloaded in each theme, with `shown` in view, at a desktop's and a phone's width. */
const themedScreenshots = async (name: string, shown: string) => {
  for (const theme of ['light', 'dark']) {
    await page.evaluate(`localStorage.setItem('STRAPI_THEME', '${theme}')`);
    await page.reload();
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await fieldBox(shown).scrollIntoViewIfNeeded();
      await screenshot(page, `${name}-${theme}-${width}`);
    }
  }
  await page.setViewportSize({ width: 1400, height: 1000 });
  await page.evaluate(`localStorage.setItem('STRAPI_THEME', 'light')`);
};

beforeAll(async () => {
  ({ app, browser, page, base } = await openAdminPanel());
  page.on('pageerror', (error) => pageErrors.push(error.message));
  admin = await app.admin();
  key = await createKey(admin, 'Content builder key');
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

test('a List of posts: components and dynamic zones explained, a filter on seo.metaTitle, media as file details with public URLs', async () => {
  await startEndpoint('Posts with SEO', 'blog/posts', 'Post (api::post.post)');
  // What the client gets, said next to each structured field.
  const seo = await fieldBox('seo').innerText();
  expect(seo).toContain('seo (component Seo)');
  expect(seo).toContain('one object (metaTitle, metaDescription, shareImage, social)');
  expect(seo).toContain('A write replaces the whole component');
  const links = await fieldBox('links').innerText();
  expect(links).toContain('links (repeatable component Link)');
  expect(links).toContain('an array of objects (label, url, article)');
  const blocks = await fieldBox('blocks').innerText();
  expect(blocks).toContain('blocks (dynamic zone)');
  expect(blocks).toContain('each with __component');
  expect(blocks).toContain('Media (shared.media), Quote (shared.quote), Rich text (shared.rich-text), Slider');
  // Not localized: no locale to pick. Files (the cover, inside seo and the zone): how to answer them.
  expect(await combobox('Locale').count()).toBe(0);
  expect(await optionsOf(page, combobox('Media fields as'))).toEqual(['Signed URL', 'File details']);
  for (const field of ['id', 'title', 'seo', 'blocks']) await pickField(field);

  await page.getByRole('button', { name: 'Add a condition' }).click();
  // The filter offers the fields of the single component, not those of repeatable ones, files or the zone.
  const condition = page.getByTestId('filter-condition');
  const suggested = await optionsOf(page, condition.getByRole('combobox', { name: 'Field' }));
  expect(suggested).toEqual(expect.arrayContaining(['title', 'category.id', 'seo.metaTitle', 'seo.metaDescription']));
  for (const path of ['seo', 'seo.shareImage', 'seo.social.title', 'links.label', 'blocks', 'cover'])
    expect(suggested).not.toContain(path);
  await condition.getByLabel('Field').fill('seo.metaTitle');
  await condition.getByLabel('Field').press('Enter');
  await chooseExactly(page, condition.getByRole('combobox', { name: 'Operator' }), 'starts with');
  await condition.getByLabel('Value', { exact: true }).fill('Post 2');
  await chooseExactly(page, combobox('Media fields as'), 'File details');
  await page.getByText('alternativeText, caption and formats').waitFor();
  // Which URLs, with what each means for pages that are cached.
  expect(await optionsOf(page, combobox('File URLs'))).toEqual(['Signed, expiring', 'Public, stable']);
  await page.getByText('Not for cached pages').waitFor();
  await chooseExactly(page, combobox('File URLs'), 'Public, stable');
  await page.getByText('it suits static generation, ISR and CDNs. Anyone with the URL can fetch the file').waitFor();
  await screenshot(page, 'builder-components');

  expect(await save('blog/posts')).toMatchObject({
    type: 'list',
    object: 'api::post.post',
    fields: [{ name: 'id' }, { name: 'title' }, { name: 'seo' }, { name: 'blocks' }],
    filter: { $and: [{ seo: { metaTitle: { $startsWith: 'Post 2' } } }] },
    media: 'object',
    mediaUrls: 'public',
  });
  const response = await call('get', '/_api/blog/posts');
  expect(response.status).toBe(200);
  expect(response.body.items.map((i: { title: string }) => i.title)).toEqual(['Post 2']);
  const [post] = response.body.items;
  expect(post.seo).toMatchObject({ metaTitle: 'Post 2 | Playground', shareImage: { alternativeText: 'Picture 4' } });
  expect(post.seo.shareImage.url).toMatch(/^\/uploads\/[\w.-]+$/);
  expect(post.blocks.map((b: { __component: string }) => b.__component)).toEqual([
    'shared.rich-text',
    'shared.quote',
    'shared.slider',
  ]);
  expect(pageErrors).toEqual([]);
});

test('a List of categories: the locale chosen by the client, the shared fields said', async () => {
  await startEndpoint('Categories', 'blog/categories', 'Category (api::category.category)');
  expect(await optionsOf(page, combobox('Locale'))).toEqual([
    'Site default: English (en)',
    'English (en)',
    'French (fr)',
    'Chosen by the client (?locale=)',
    'Every locale',
  ]);
  await page.getByText("the endpoint reads and writes the site's default locale").waitFor();
  expect(await fieldBox('position').innerText()).toContain('every locale shares it');
  expect(await fieldBox('locale').innerText()).toContain('locale (string)');
  await chooseExactly(page, combobox('Locale'), 'Chosen by the client (?locale=)');
  await page.getByText('the client picks the locale with ?locale=<code>').waitFor();
  await screenshot(page, 'builder-locale');
  // The command to try it picks one of the site's other locales.
  await expect(page.getByTestId('try-it').innerText()).resolves.toMatch(/\/_api\/blog\/categories\?locale=fr"$/);
  for (const field of ['name', 'position', 'locale']) await pickField(field);
  await page.getByRole('button', { name: 'Add a sort field' }).click();
  await chooseExactly(page, combobox('Sort field'), 'position');

  const stored = await save('blog/categories');
  expect(stored).toMatchObject({
    locale: 'query',
    fields: [{ name: 'name' }, { name: 'position' }, { name: 'locale' }],
  });
  expect(stored).not.toHaveProperty('media');
  expect(stored).not.toHaveProperty('mediaUrls');
  const names = async (query: string) => {
    const response = await call('get', `/_api/blog/categories${query}`);
    expect(response.status).toBe(200);
    return response.body.items.map((i: { name: string; locale: string }) => `${i.name}/${i.locale}`);
  };
  await expect(names('?locale=fr')).resolves.toEqual(['Actualités/fr', 'Guides pratiques/fr', 'Récits/fr']);
  await expect(names('')).resolves.toEqual(['News/en', 'Guides/en', 'Stories/en']);
});

test('a List of posts whose status comes from the request: the third choice, explained, refused for writes', async () => {
  await startEndpoint('Post previews', 'blog/previews', 'Post (api::post.post)');
  expect(await optionsOf(page, combobox('Entries read'))).toEqual([
    'Published',
    'Drafts',
    'From the request (draft preview)',
  ]);
  await chooseExactly(page, combobox('Entries read'), 'From the request (draft preview)');
  await page.getByText('?status=draft reads the drafts, for API keys marked for preview only').waitFor();
  await chooseExactly(page, page.getByRole('combobox', { name: 'Type', exact: true }), 'Modify');
  await page.getByText('Only a List or Aggregate takes the entries read from the request').waitFor();
  await refusedSave();
  await chooseExactly(page, page.getByRole('combobox', { name: 'Type', exact: true }), 'List');
  expect(await page.getByText('Only a List or Aggregate takes the entries read from the request').count()).toBe(0);
  await pickField('title');

  expect(await save('blog/previews')).toMatchObject({ type: 'list', status: 'query', fields: [{ name: 'title' }] });
  expect((await call('get', '/_api/blog/previews')).status).toBe(200);
  // The suite's key is not marked for preview.
  expect((await call('get', '/_api/blog/previews?status=draft')).status).toBe(403);
  expect(pageErrors).toEqual([]);
});

test('every locale is for reads only: a write endpoint reading every locale is refused before saving', async () => {
  await startEndpoint('Rename a category', 'blog/categories/all', 'Category (api::category.category)');
  await chooseExactly(page, combobox('Locale'), 'Every locale');
  await page.getByText('the endpoint reads every locale (List and Aggregate only)').waitFor();
  await chooseExactly(page, page.getByRole('combobox', { name: 'Type', exact: true }), 'Modify');
  await page.getByText('Only a List or Aggregate reads every locale').waitFor();
  await refusedSave();
  await chooseExactly(page, combobox('Locale'), 'French (fr)');
  expect(await page.getByText('Only a List or Aggregate reads every locale').count()).toBe(0);
  // A Modify of a localized type offers the other locales, not every one; the locale is read, never written.
  expect(await optionsOf(page, combobox('Locale'))).not.toContain('Every locale');
  expect(await fieldBox('locale').count()).toBe(0);
  await pickField('name');
  expect(await save('blog/categories/all')).toMatchObject({ type: 'modify', locale: 'fr', parameter: 'required' });
});

test('a List of posts with related fields: a relation, its translations and a relation inside a component', async () => {
  await startEndpoint('Posts with related fields', 'blog/posts/related', 'Post (api::post.post)');
  await pickField('title');
  // The category answers records: its name, and its other translations with their locale and name.
  await pickField('category');
  await fieldBox('category').getByRole('button', { name: 'Choose related fields' }).click();
  await fieldBox('category.name').getByRole('checkbox').click();
  const translations = fieldBox('category.localizations');
  expect(await translations.innerText()).toContain('The other translations of each record');
  await translations.getByRole('checkbox').first().click();
  await translations.getByRole('button', { name: 'Choose related fields' }).click();
  await translations.getByText('What each other translation of the record answers').waitFor();
  // The locale, filled in by Strapi, waits behind More fields.
  await translations.getByRole('button', { name: 'More fields' }).click();
  for (const field of ['locale', 'name'])
    await fieldBox(`category.localizations.${field}`).getByRole('checkbox').click();
  await translations.getByLabel('Related records per record, at most').fill('5');
  // Inside the repeatable links, the relation to an article answers its title.
  await pickField('links');
  expect(await fieldBox('links').getByRole('button', { name: 'Choose relations inside' }).count()).toBe(1);
  await fieldBox('links').getByRole('button', { name: 'Choose relations inside' }).click();
  await fieldBox('links.article')
    .getByRole('button', { name: /^links > article \(0 of \d+ fields\)/ })
    .click();
  await fieldBox('links.article.title').getByRole('checkbox').click();
  await fieldBox('category').scrollIntoViewIfNeeded();
  await screenshot(page, 'builder-related-fields');

  // The JSON view shows the same tree, and what is typed there comes back to the form.
  const expected = [
    { name: 'title' },
    {
      name: 'category',
      fields: [{ name: 'name' }, { name: 'localizations', fields: [{ name: 'locale' }, { name: 'name' }], limit: 5 }],
    },
    { name: 'links', fields: [{ name: 'article', fields: [{ name: 'title' }] }] },
  ];
  await page.getByRole('button', { name: 'JSON', exact: true }).first().click();
  const editor = page.locator('.cm-content').first();
  // The editor draws only the lines in view: the start of the tree is enough here (the save checks all of it).
  expect((await editor.innerText()).replace(/\s+/g, '')).toContain(
    '{"name":"title"},{"name":"category","fields":[{"name":"name"},' +
      '{"name":"localizations","fields":[{"name":"locale"},{"name":"name"}],"limit":5}]}'
  );
  (expected[1].fields![1] as { limit: number }).limit = 2;
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(JSON.stringify(expected));
  await page.getByRole('button', { name: 'Choose', exact: true }).click();
  await expect(translations.getByLabel('Related records per record, at most').inputValue()).resolves.toBe('2');
  expect(await fieldBox('links.article.title').getByRole('checkbox').getAttribute('aria-checked')).toBe('true');

  const stored = await save('blog/posts/related');
  expect(stored.fields).toEqual(expected);
  const response = await call('get', '/_api/blog/posts/related');
  expect(response.status).toBe(200);
  const first = response.body.items.find((i: { title: string }) => i.title === 'Post 1');
  expect(first).toEqual({
    title: 'Post 1',
    category: { name: 'Guides', localizations: [{ locale: 'fr', name: 'Guides pratiques' }] },
    links: [
      expect.objectContaining({ label: 'Home', article: null }),
      expect.objectContaining({ label: 'Related', article: { title: 'Article 1' } }),
    ],
  });
  expect(pageErrors).toEqual([]);
});

test('related fields that lead back to a type on their path are warned about, not refused', async () => {
  await startEndpoint('Posts cycling back', 'blog/posts/cycling', 'Post (api::post.post)');
  const cycles = page.getByTestId('related-cycles');
  await pickField('title');
  expect(await cycles.count()).toBe(0);
  // A post's category answers its posts: posts again, one level down.
  await page.getByRole('button', { name: 'JSON', exact: true }).first().click();
  const editor = page.locator('.cm-content').first();
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(
    JSON.stringify([
      { name: 'title' },
      { name: 'category', fields: [{ name: 'name' }, { name: 'posts', limit: 5, fields: [{ name: 'title' }] }] },
    ])
  );
  await page.getByRole('button', { name: 'Choose', exact: true }).click();
  await cycles.waitFor();
  expect(await cycles.innerText()).toContain('lead back to a type already on their path: category.posts.');
  await cycles.scrollIntoViewIfNeeded();
  await screenshot(page, 'builder-related-cycles');
  // A warning only: the endpoint saves.
  const stored = await save('blog/posts/cycling');
  expect(stored.fields).toEqual([
    { name: 'title' },
    { name: 'category', fields: [{ name: 'name' }, { name: 'posts', limit: 5, fields: [{ name: 'title' }] }] },
  ]);
  expect(pageErrors).toEqual([]);
});

test('relations inside the sections of a page: grouped by section, each collapsed with its count, system fields under More fields', async () => {
  await startEndpoint('Pages with linked pages', 'site/pages/linked', 'Page (api::page.page)');
  await pickField('title');
  await pickField('sections');
  await fieldBox('sections').getByRole('button', { name: 'Choose relations inside' }).click();
  const sections = fieldBox('sections');
  // Collapsed, the seven sections' relations take a few lines each, not every field of every related type.
  const { height } = (await sections.boundingBox())!;
  expect(height).toBeLessThan(900);
  const text = await sections.innerText();
  for (const label of ['Hero > buttons > page', 'Call to action > link > page', 'Pricing > plans'])
    expect(text).toContain(label);
  const heroPage = fieldBox('sections.buttons.page');
  await heroPage.getByRole('button', { name: /^Hero > buttons > page \(0 of \d+ fields\)/ }).click();
  // The fields Strapi fills in itself wait behind More fields.
  expect(await fieldBox('sections.buttons.page.createdAt').count()).toBe(0);
  await heroPage.getByRole('button', { name: 'More fields' }).click();
  await fieldBox('sections.buttons.page.createdAt').waitFor();
  for (const field of ['title', 'slug']) await fieldBox(`sections.buttons.page.${field}`).getByRole('checkbox').click();
  await heroPage.getByRole('button', { name: /^Hero > buttons > page \(2 of \d+ fields\)/ }).waitFor();

  const expected = [
    { name: 'title' },
    {
      name: 'sections',
      fields: [{ name: 'buttons', fields: [{ name: 'page', fields: [{ name: 'title' }, { name: 'slug' }] }] }],
    },
  ];
  expect((await save('site/pages/linked')).fields).toEqual(expected);
  await themedScreenshots('builder-inside-sections', 'sections.buttons.page');
  const response = await call('get', '/_api/site/pages/linked');
  expect(response.status).toBe(200);
  const home = response.body.items.find((i: { title: string }) => i.title === 'Home');
  expect(home.sections[0]).toMatchObject({
    __component: 'sections.hero',
    buttons: [
      expect.objectContaining({ page: { title: 'Pricing', slug: 'pricing' } }),
      expect.objectContaining({ page: null }),
    ],
  });
  expect(pageErrors).toEqual([]);
});

test('a List of posts with their author: the related field author.name answered', async () => {
  await startEndpoint('Posts with authors', 'blog/posts/authors', 'Post (api::post.post)');
  await pickField('title');
  await pickField('author');
  await fieldBox('author').getByRole('button', { name: 'Choose related fields' }).click();
  await fieldBox('author.name').getByRole('checkbox').click();

  expect((await save('blog/posts/authors')).fields).toEqual([
    { name: 'title' },
    { name: 'author', fields: [{ name: 'name' }] },
  ]);
  await themedScreenshots('builder-post-author', 'author.name');
  const response = await call('get', '/_api/blog/posts/authors');
  expect(response.status).toBe(200);
  expect(response.body.items.length).toBeGreaterThan(0);
  for (const item of response.body.items) expect(item.author).toEqual({ name: expect.any(String) });
  expect(pageErrors).toEqual([]);
});
