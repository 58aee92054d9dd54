import { Box } from '@strapi/design-system';
import { useEffect, useRef } from 'react';
import { SwaggerTheme } from './SwaggerTheme';

/**
 * An OpenAPI document rendered by Swagger UI (`swagger-ui-dist`), loaded only when a preview is opened. "Try it
 * out" is off: a preview must not send requests, writes included, from the admin's browser.
 */
export const SwaggerPreview = ({ spec }: { spec: Record<string, unknown> }) => {
  const node = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let live = true;
    import('./swagger-ui').then((module) => {
      if (!live || !node.current) return;
      const SwaggerUIBundle = module.default;
      SwaggerUIBundle({ spec, domNode: node.current, supportedSubmitMethods: [], deepLinking: false });
    });
    return () => {
      live = false;
    };
  }, [spec]);
  return (
    <Box background="neutral0" hasRadius shadow="filterShadow" padding={4}>
      <SwaggerTheme ref={node} data-testid="swagger-preview" />
    </Box>
  );
};
