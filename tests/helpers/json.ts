import type { Response } from 'supertest';

/**
 * A JSON value of an answer that a test reads by path (Strapi's REST answers, an OpenAPI document): supertest's
 * body type, which describes no shape; the assertions on it say what the shape must be.
 */
export type Json = Response['body'];
