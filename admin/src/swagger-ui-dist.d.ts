/** The part of swagger-ui-dist's ES bundle the preview uses (the package has no types of its own). */
declare module 'swagger-ui-dist/swagger-ui-es-bundle.js' {
  const SwaggerUIBundle: (options: {
    spec: Record<string, unknown>;
    domNode: HTMLElement;
    supportedSubmitMethods?: string[];
    deepLinking?: boolean;
  }) => unknown;
  export default SwaggerUIBundle;
}

declare module 'swagger-ui-dist/swagger-ui.css';
