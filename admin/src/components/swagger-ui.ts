// Swagger UI and its styles, in a chunk of their own: loaded when a preview opens, not with the plugin's page.
import 'swagger-ui-dist/swagger-ui.css';
import SwaggerUIBundle from 'swagger-ui-dist/swagger-ui-es-bundle.js';

export interface SwaggerUIOptions {
  spec: Record<string, unknown>;
  domNode: HTMLElement;
  supportedSubmitMethods?: string[];
  deepLinking?: boolean;
}

// Typed here, so that the shipped declaration of this file does not name swagger-ui-dist, which has no types
// (../swagger-ui-dist.d.ts, which gives them to the build, is not shipped).
const swaggerUI: (options: SwaggerUIOptions) => unknown = SwaggerUIBundle;

export default swaggerUI;
