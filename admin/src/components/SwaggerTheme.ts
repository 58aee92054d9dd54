import styled, { css } from 'styled-components';

/**
 * Swagger UI in the design system's colours: its stylesheet sets fixed dark greys on white, unreadable on the dark
 * theme's surfaces. Scoped to the preview; the coloured parts (method badges and frames, code samples on their
 * own dark background) keep Swagger UI's look. Each rule is one class deeper than Swagger UI's, so it wins.
 */
const METHOD_COLOURS = [
  ['get', 'primary'],
  ['post', 'success'],
  ['patch', 'alternative'],
  ['put', 'warning'],
  ['delete', 'danger'],
] as const;

const METHOD_BADGES = METHOD_COLOURS.map(
  ([method, colour]) => css`
    .opblock.opblock-${method} .opblock-summary-method {
      background: ${({ theme }) => theme.colors[`${colour}100` as const]};
      color: ${({ theme }) => theme.colors[`${colour}700` as const]};
      border: 1px solid ${({ theme }) => theme.colors[`${colour}200` as const]};
      text-shadow: none;
    }
  `
);

export const SwaggerTheme = styled.div`
  .swagger-ui {
    color: ${({ theme }) => theme.colors.neutral800};

    .info .title,
    .info h1,
    .info h2,
    .info h3,
    .info h4,
    .info h5,
    .info p,
    .info li,
    .info table,
    .info .base-url,
    .opblock-tag,
    .opblock-tag small,
    .opblock .opblock-summary-path,
    .opblock .opblock-summary-operation-id,
    .opblock .opblock-summary-description,
    .opblock .opblock-section-header h4,
    .opblock .opblock-section-header > label,
    .opblock-description-wrapper,
    .opblock-description-wrapper h4,
    .opblock-description-wrapper p,
    .opblock-external-docs-wrapper,
    .opblock-title_normal,
    .opblock-title_normal h4,
    .opblock-title_normal p,
    .parameter__name,
    table thead tr td,
    table thead tr th,
    table.headers td,
    .responses-inner h4,
    .responses-inner h5,
    .response-col_status,
    .response-col_links,
    .tab li,
    label,
    .btn:not(.authorize):not(.execute):not(.cancel),
    section h3,
    .servers-title,
    .servers > label,
    .schemes > .schemes-server-container > label,
    .loading-container .loading:after,
    .model,
    .model-title,
    section.models h4,
    section.models h5,
    .json-schema-2020-12__title,
    .json-schema-2020-12-property .json-schema-2020-12__title,
    .json-schema-2020-12-keyword__name--primary,
    .json-schema-2020-12-keyword__value--primary,
    .json-schema-2020-12__attribute,
    .json-schema-2020-12-expand-deep-button,
    .expand-methods,
    .expand-operation,
    .opblock-control-arrow,
    .models-control,
    .json-schema-2020-12-accordion {
      color: ${({ theme }) => theme.colors.neutral800};
    }

    /* Secondary texts: types, formats, where a parameter goes, descriptions inside schemas. */
    .parameter__type,
    .parameter__in,
    .parameter__extension,
    .response__extension,
    .prop-format,
    .model .property,
    .model .property.primitive,
    table.headers .header-example,
    .response-undocumented,
    .json-schema-2020-12-keyword--description,
    .json-schema-2020-12-keyword__name--secondary,
    .json-schema-2020-12-keyword__value,
    .json-schema-2020-12-keyword__value--secondary,
    .json-schema-2020-12-json-viewer__name--secondary,
    .json-schema-2020-12-json-viewer__value,
    .json-schema-2020-12-json-viewer__value--secondary,
    .json-schema-2020-12-keyword__name--extension,
    .json-schema-2020-12-keyword__value--extension,
    .json-schema-2020-12__attribute--muted {
      color: ${({ theme }) => theme.colors.neutral600};
    }

    .prop-type,
    .json-schema-2020-12__attribute--primary,
    .info a,
    .nested-links a,
    .opblock-tag a.link,
    .opblock-external-docs a.link,
    .markdown code,
    .renderedMarkdown code {
      color: ${({ theme }) => theme.colors.primary600};
    }
    .markdown code,
    .renderedMarkdown code {
      background: ${({ theme }) => theme.colors.neutral100};
    }
    .parameter__name.required span,
    .parameter__name.required:after,
    .parameter__deprecated {
      color: ${({ theme }) => theme.colors.danger600};
    }
    .response-control-media-type__accept-message {
      color: ${({ theme }) => theme.colors.success600};
    }
    /* Swagger UI draws these arrows in the system's button text colour, black on the light scheme. */
    .expand-operation svg path,
    .opblock-control-arrow svg path,
    .models-control svg path,
    .json-schema-2020-12-accordion svg path {
      fill: currentColor;
    }

    /* Method badges as the design system's badges: white on Swagger UI's pale blues and greens is about 2.5:1. */
    ${METHOD_BADGES}

    /* Surfaces: the servers band, the operations' section headers, form controls. */
    .scheme-container {
      background: ${({ theme }) => theme.colors.neutral0};
      box-shadow: ${({ theme }) => theme.shadows.tableShadow};
    }
    .opblock .opblock-section-header {
      background: ${({ theme }) => theme.colors.neutral0};
    }
    select,
    input[type],
    textarea:not(.curl) {
      background-color: ${({ theme }) => theme.colors.neutral0};
      border-color: ${({ theme }) => theme.colors.neutral200};
      color: ${({ theme }) => theme.colors.neutral800};
    }
    .opblock-tag,
    section.models,
    section.models.is-open h4,
    table thead tr td,
    table thead tr th {
      border-color: ${({ theme }) => theme.colors.neutral150};
    }
  }
`;
