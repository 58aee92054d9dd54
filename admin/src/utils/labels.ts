import type { ObjectDescription } from '../../../contracts/objects';

/** A content type as the pickers show it: `Order (api::order.order)`. */
export const objectLabel = (o: Pick<ObjectDescription, 'displayName' | 'uid'>) => `${o.displayName} (${o.uid})`;

/** An endpoint's route as the pages show it: `GET /_api/shop/orders`. */
export const routeLabel = (e: { method: string; path: string }) => `${e.method} /_api/${e.path}`;
