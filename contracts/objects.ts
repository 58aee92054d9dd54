/** The content types and fields `GET /data-api/objects` describes, for the endpoint builder. */
export interface ObjectField {
  name: string;
  type: string;
  exposable: boolean;
  /** Whether Create and Modify endpoints may accept it (not `id`, `documentId` or the timestamps). */
  writable: boolean;
  reason?: string;
  relation?: { target: string; many: boolean };
  /** A media field: whether it holds several files, and the families it accepts (null: any file). */
  media?: { multiple: boolean; allowedTypes: string[] | null };
  required?: boolean;
  enum?: string[];
  min?: number;
  max?: number;
  minLength?: number;
  maxLength?: number;
}

export interface ObjectDescription {
  uid: string;
  displayName: string;
  /** A single type has one entry: List and Aggregate read it, Modify changes it (no number); no Create or Delete. */
  kind: 'collectionType' | 'singleType';
  draftAndPublish: boolean;
  /** Whether writes go through the Document Service (else direct SQL): see the `documentService` option. */
  documentService: boolean;
  fields: ObjectField[];
}
