import type { Dialect } from '../query/dialect';
import type { Model } from '../query/model';
import type { JsonSchema } from './field-schemas';

/** What describing one endpoint needs, and where its named schemas go. */
export interface DescribeContext {
  dialect: Dialect;
  modelOf: (uid: string) => Model | null;
  /** The description of a media field's temporary signed URLs. */
  fileUrl: string;
  /** `components.schemas` of the document being built. */
  schemas: Record<string, JsonSchema>;
}

/** The parts of an operation that depend on the endpoint's type. */
export interface OperationParts {
  parameters: unknown[];
  requestBody?: unknown;
  status: '200' | '201';
  success: unknown;
  notes: string[];
}

export const jsonContent = (schema: JsonSchema) => ({ 'application/json': { schema } });

export const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });
