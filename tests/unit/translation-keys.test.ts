import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import en from '../../admin/src/translations/en.json';
import { matches, translationCalls, type KeyPattern } from '../helpers/translation-calls';

const ADMIN = join(__dirname, '../../admin/src');

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });

const used: KeyPattern[] = sources(ADMIN).flatMap((file) => translationCalls(readFileSync(file, 'utf8')));
const keys = Object.keys(en);
const show = (p: KeyPattern) => ('literal' in p ? p.literal : p.parts.join('${…}'));

// The compiler already refuses a missing key (TranslationKey in admin/src/hooks/useT.ts); this also finds the
// keys nobody asks for any more, which it cannot.
describe('admin translations (en.json)', () => {
  test('the scan finds the admin asking for keys', () => {
    expect(used.length).toBeGreaterThan(100);
  });

  test('every key the admin asks for is in en.json', () => {
    expect(used.filter((p) => !keys.some((k) => matches(p, k))).map(show)).toEqual([]);
  });

  test('every key in en.json is asked for somewhere', () => {
    expect(keys.filter((k) => !used.some((p) => matches(p, k)))).toEqual([]);
  });

  test('a template key stands for the keys it can produce, and only those', () => {
    const [pattern] = translationCalls("t(`builder.tasks.condition.${kind === 'a' ? 'x' : 'y'}.hint`, { n })");
    expect(matches(pattern, 'builder.tasks.condition.field.hint')).toBe(true);
    expect(matches(pattern, 'builder.tasks.condition.field')).toBe(false);
    expect(matches(pattern, 'builder.tasks.condition..hint')).toBe(false);
    expect(translationCalls("t(on ? 'a.b' : 'c.d'); set('x'); x.t('y')")).toEqual([
      { literal: 'a.b' },
      { literal: 'c.d' },
    ]);
  });
});
