// Booting Strapi takes seconds, more on a busy machine; `testTimeout` in a Jest project does not reach hooks.
jest.setTimeout(180000);
