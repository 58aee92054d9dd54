import { STATUS_FROM_QUERY, STATUS_PARAM } from '../../../contracts/definition';
import type { CompiledEndpoint } from '../engine/compile-endpoint';

/** Whether the client chooses the version read with `?status=` (definition `status: "query"`). */
export const takesStatusParameter = ({ definition }: Pick<CompiledEndpoint, 'definition'>) =>
  definition.status === STATUS_FROM_QUERY;

/** `?status=` of an endpoint whose status comes from the request; empty for any other (its status is fixed). */
export const statusParameters = (endpoint: CompiledEndpoint) =>
  takesStatusParameter(endpoint)
    ? [
        {
          name: STATUS_PARAM,
          in: 'query',
          required: false,
          description:
            'The version of Draft & Publish records read: `published` (the default) or `draft`, the unpublished edits and never-published records, with their related records, components and files in the same version. `draft` needs an API key marked for preview (else 403).',
          schema: { type: 'string', enum: ['published', 'draft'], default: 'published' },
        },
      ]
    : [];
