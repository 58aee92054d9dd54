import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'playground/build/**',
      'playground/.tmp/**',
      'playground/.strapi/**',
      'coverage/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
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
    // Its effect leaves out `get`, which is stable (useFetchClient memoizes its client once), so nothing is missed;
    // the file is being changed on another branch, so it is left alone here: add `get` to the dependencies and drop
    // this override once that work has landed.
    files: ['admin/src/api/useAdminData.ts'],
    rules: { 'react-hooks/exhaustive-deps': 'warn' },
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
