import { version } from '../../../package.json';

/** The pages of docs/ the panel links to. */
export type DocsPage = 'admin-panel' | 'endpoints' | 'openapi' | 'usage';

/**
 * A page of the documentation, for the version of the plugin this panel was built from: docs/ ships in the npm
 * package (package.json `files`), which unpkg serves.
 */
export const docsUrl = (page: DocsPage) => `https://unpkg.com/browse/strapi-plugin-data-api@${version}/docs/${page}.md`;
