import { z } from 'zod';

/** An API key as the admin API takes it (DESIGN.md section 3): the secret is made by the server. */
export const apiKeyInputSchema = z.strictObject({
  description: z.string().trim().min(1).max(200),
  expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
});

export interface ApiKeySummary {
  id: number;
  description: string;
  prefix: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  createdAt: string;
}
