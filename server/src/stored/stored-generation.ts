import { z } from 'zod';
import { storedInteger } from './columns';
import { rowDecoder } from './decode';

/** A row of `data_api_generations`: how many writes of one content type (by uid) the instances have shared. */
export const storedGenerationSchema = z.object({ name: z.string(), generation: storedInteger });

export const generationCounter = rowDecoder('data_api_generations', storedGenerationSchema);
