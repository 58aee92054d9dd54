import { z } from 'zod';
import { rowId } from './columns';
import { rowDecoder } from './decode';

/** A row of `data_api_uploads`: a Media Library file this plugin uploaded, and the endpoint it came through. */
export const storedUploadSchema = z.object({
  id: rowId,
  fileId: rowId,
  endpointId: rowId.nullable(),
});

export const trackedFile = rowDecoder('data_api_uploads', storedUploadSchema.pick({ fileId: true }));
