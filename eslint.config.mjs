import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

/**
 * The server's folders from the bottom up (docs/architecture.md, "Layers"): a folder imports from the layers
 * below it, never from those above, so imports run one way and each folder can be read knowing only what is
 * below. Folders of one layer do not import each other, but for the pairs in SIBLING_IMPORTS.
 */
const LAYERS = [
  ['config', 'errors', 'utils'],
  ['query', 'stored'],
  ['auth', 'aggregate', 'files', 'totals', 'indexes', 'usage', 'limits', 'related'],
  ['writes'],
  ['tasks'],
  ['handlers'],
  ['engine'],
  ['openapi', 'metrics'],
  ['services'],
  ['runtime', 'controllers', 'routes', 'content-types'],
];
const SIBLING_IMPORTS = { files: ['auth', 'related'] };

/** Strapi's error classes, which its error middleware tells apart by `instanceof` (errors/admin-api-error.ts). */
const NO_STRAPI_ERRORS = {
  name: '@strapi/utils',
  importNames: ['errors'],
  message:
    'an app may hold another copy of @strapi/utils than Strapi does: throw AdminApiError (errors/admin-api-error.ts).',
};

/** Rate limits answer values; the runtime alone writes statuses and headers (docs/architecture.md). */
const NO_HTTP = {
  name: 'koa',
  message: 'server/src/limits answers values: statuses and headers are written in runtime/ (runtime/rate-limit.ts).',
};
const PATHS_OF = { limits: [NO_HTTP] };

const layeringOf = (folder, rank) => {
  const above = LAYERS.slice(rank + 1).flat();
  const siblings = LAYERS[rank].filter((f) => f !== folder && !(SIBLING_IMPORTS[folder] ?? []).includes(f));
  const forbidden = [...above, ...siblings];
  return {
    files: [`server/src/${folder}/**/*.ts`],
    rules: {
      // Type imports may name a shape where it is built, in any layer: they leave nothing in the JavaScript.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [NO_STRAPI_ERRORS, ...(PATHS_OF[folder] ?? [])],
          patterns: [
            {
              regex: `^(\\.\\./)+(${forbidden.join('|')})(/|$)`,
              allowTypeImports: true,
              message: `server/src/${folder} may import only from the layers below it (see LAYERS in eslint.config.mjs).`,
            },
          ],
        },
      ],
    },
  };
};
const LAYERING = LAYERS.flatMap((layer, rank) => layer.map((folder) => layeringOf(folder, rank)));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'playground/build/**',
      'playground/.tmp/**',
      'playground/.strapi/**',
      'coverage/**',
      // Files of create-strapi-app's TypeScript template, kept as they are.
      'tests/packaging/strapi-app/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // A file says one thing: past 300 lines it says several (the generated and template files are ignored above).
    files: ['**/*.{ts,tsx,js,mjs,cjs}'],
    rules: { 'max-lines': ['error', { max: 300 }] },
  },
  {
    // A test file holds one concern's tests whatever their number: each file boots Strapi, so splitting one
    // concern over several files costs a boot each.
    files: ['tests/**/*.test.ts'],
    rules: { 'max-lines': 'off' },
  },
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  ...LAYERING,
  {
    // Shared by server and admin: imports nothing of either. The admin imports the server only through them.
    files: ['contracts/**/*.ts', 'admin/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(server|admin/src)/',
              message: 'contracts/ and the admin share code only through contracts/.',
            },
          ],
        },
      ],
    },
  },
  {
    // Only the two classic rules: the React Compiler rules of the plugin's recommended set assume code written for it.
    files: ['admin/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['**/*.js', 'jest.config.js'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: globals.node,
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { sourceType: 'module', globals: globals.node },
  },
  {
    // Scripts of the playground's static pages run in the browser.
    files: ['playground/public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: globals.browser },
  }
);
