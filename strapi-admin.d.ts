// For TypeScript's `moduleResolution: "node"`, which ignores the `types` of package.json's `exports` and looks for
// a .d.ts beside strapi-admin.js.
export { default } from './dist/admin/src/index';
