/** Where the server is, for URLs under /_api (the admin panel may be served from elsewhere). */
export const backendUrl = () => (window as unknown as { strapi?: { backendURL?: string } }).strapi?.backendURL ?? '';
