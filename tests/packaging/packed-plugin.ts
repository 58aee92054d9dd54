import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** What the packaging tests share: the plugin packed as docs/install.md says, and the files of an app around it. */
export const ROOT = path.resolve(__dirname, '../..');
export const PACKAGE = 'strapi-plugin-data-api';

/** This repository's package.json: the plugin's peer range and the versions it is developed with. */
export const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  peerDependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** Packs the built plugin into `dir` with `npm pack`; answers the tarball's file name. */
export const packPlugin = (dir: string): string => {
  for (const entry of ['dist/server/src/index.d.ts', 'dist/admin/src/index.d.ts', 'dist/contracts/definition.d.ts'])
    if (!fs.existsSync(path.join(ROOT, entry))) throw new Error(`${entry} is missing: run \`npm run build\` first`);
  const [{ filename }] = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', dir], { cwd: ROOT, encoding: 'utf8' })
  );
  return filename;
};

/** Writes `text` to `file` of the app in `app`, making its folders. */
export const writeIn = (app: string, file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(app, file)), { recursive: true });
  fs.writeFileSync(path.join(app, file), text);
};

/** The package.json of an app that depends on `dependencies` and on the packed plugin `tarball` beside it. */
export const appPackageJson = (tarball: string, dependencies: Record<string, string>) =>
  `${JSON.stringify(
    {
      name: 'fresh-app',
      private: true,
      version: '0.1.0',
      dependencies: { ...dependencies, [PACKAGE]: `file:./${tarball}` },
    },
    null,
    2
  )}\n`;

/** The README's install snippet after `**<label>**` ("TypeScript app", "JavaScript app"): its first `lang` block. */
export const readmeSnippet = (label: string, lang: string): string => {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const snippet = readme.match(new RegExp(`\\*\\*${label}\\*\\*[\\s\\S]*?\`\`\`${lang}\\n([\\s\\S]*?)\`\`\``))?.[1];
  if (!snippet) throw new Error(`README.md: no \`\`\`${lang} block after **${label}**`);
  return snippet;
};
