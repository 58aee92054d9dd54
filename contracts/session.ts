import { z } from 'zod';
import { SESSION_USER_OBJECTS } from './definition';

/** The path of the Browser Session resource, under `/_api/` (docs/sessions.md). */
export const SESSION_PATH = '_session';

/** `POST /_api/_session`: a site user's users-permissions credentials. */
export const loginSchema = z.strictObject({
  // PostgreSQL stores no NUL: refused here rather than failing the user lookup.
  identifier: z
    .string()
    .min(1)
    .max(255)
    .refine((s) => !s.includes('\u0000')),
  password: z.string().min(1).max(1024),
});

export type SessionUserObject = (typeof SESSION_USER_OBJECTS)[number];

/** The logged-in user of a request: what `user.*` variables read and `GET /_api/_session` answers. */
export interface SessionUser {
  object: SessionUserObject;
  id: number;
  email: string | null;
  username: string | null;
  /** users-permissions: the role's type (`authenticated`, ...); admin users: the code of their first role. */
  role: string | null;
}

/** A stored Browser Session as the admin API lists it (never its token). */
export interface SessionSummary {
  id: number;
  userObject: SessionUserObject;
  user: { id: number; email: string | null; username: string | null } | null;
  ip: string | null;
  userAgent: string | null;
  createdAt: string;
  expiresAt: string;
}
