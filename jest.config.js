/** Unit tests run on the TypeScript sources; integration tests boot the playground with the built plugin. */
const tsJest = ['ts-jest', { tsconfig: '<rootDir>/tests/tsconfig.json', diagnostics: false }];

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
      setupFilesAfterEnv: ['<rootDir>/tests/helpers/setup-integration.ts'],
    },
  ],
};
