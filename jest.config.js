/**
 * Unit tests run on the TypeScript sources; integration and e2e tests boot the playground with the built plugin
 * (e2e ones also drive Debian's chromium).
 */
const tsJest = ['ts-jest', { tsconfig: '<rootDir>/tests/tsconfig.json', diagnostics: false }];

// The projects that boot Strapi share one set-up per run: its template database and folders (one module, so
// Jest runs it once however many of them run).
const strapiRun = {
  globalSetup: '<rootDir>/tests/helpers/template-setup.js',
  globalTeardown: '<rootDir>/tests/helpers/template-teardown.js',
};

module.exports = {
  globalSetup: '<rootDir>/tests/helpers/time-zone.js',
  projects: [
    {
      displayName: 'unit',
      testMatch: ['<rootDir>/tests/unit/**/*.test.ts'],
      transform: { '^.+\\.ts$': tsJest },
      testEnvironment: 'node',
    },
    {
      displayName: 'integration',
      testMatch: ['<rootDir>/tests/integration/**/*.test.ts'],
      transform: { '^.+\\.ts$': tsJest },
      testEnvironment: 'node',
      ...strapiRun,
      setupFilesAfterEnv: ['<rootDir>/tests/helpers/setup-integration.ts'],
    },
    {
      // The packed plugin's declarations in a fresh TypeScript app (strict, without skipLibCheck); needs dist.
      displayName: 'packaging',
      testMatch: ['<rootDir>/tests/packaging/**/*.test.ts'],
      transform: { '^.+\\.ts$': tsJest },
      testEnvironment: 'node',
    },
    {
      // The admin panel and first-party pages in a real browser (Debian's chromium, driven by playwright-core).
      displayName: 'e2e',
      testMatch: ['<rootDir>/tests/e2e/**/*.test.ts'],
      transform: { '^.+\\.ts$': tsJest },
      testEnvironment: 'node',
      ...strapiRun,
      setupFilesAfterEnv: ['<rootDir>/tests/helpers/setup-integration.ts'],
    },
  ],
};
