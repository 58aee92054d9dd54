// For TypeScript's `moduleResolution: "node"` (a Strapi app's server tsconfig), which ignores the `types` of
// package.json's `exports` and looks for a .d.ts beside strapi-server.js.
export { default } from './dist/server/src/index';
