import { z } from 'zod';
import { rowId } from './columns';
import { rowDecoder } from './decode';

/** A row of `data_api_write_locks`: the row a write transaction locks for one content type (by uid). */
export const storedWriteLockSchema = z.object({ id: rowId, name: z.string() });

export const writeLockName = rowDecoder('data_api_write_locks', storedWriteLockSchema.pick({ name: true }));
