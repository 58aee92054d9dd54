import { PLUGIN_ID } from './plugin';

/**
 * The plugin's RBAC actions: one list used by registration (server bootstrap), route policies and the
 * admin panel, so the three never drift apart.
 */
const action = (area: string, right: 'read' | 'manage') => `plugin::${PLUGIN_ID}.${area}.${right}` as const;

export const PERMISSIONS = {
  endpoints: { read: action('endpoints', 'read'), manage: action('endpoints', 'manage') },
  keys: { read: action('keys', 'read'), manage: action('keys', 'manage') },
  documents: { read: action('documents', 'read'), manage: action('documents', 'manage') },
  sessions: { read: action('sessions', 'read'), manage: action('sessions', 'manage') },
  transfer: { read: action('transfer', 'read'), manage: action('transfer', 'manage') },
  /** Usage statistics are only read: nothing about them can be changed. */
  usage: { read: action('usage', 'read') },
  /** The response cache's figures are read with `usage.read`; purging it is its own right. */
  cache: { manage: action('cache', 'manage') },
} as const;

export const PERMISSION_ACTIONS: Array<{ uid: string; displayName: string; subCategory: string }> = [
  { uid: 'endpoints.read', displayName: 'Read endpoints', subCategory: 'Endpoints' },
  { uid: 'endpoints.manage', displayName: 'Create, change and delete endpoints', subCategory: 'Endpoints' },
  { uid: 'keys.read', displayName: 'Read API keys', subCategory: 'API keys' },
  { uid: 'keys.manage', displayName: 'Create and revoke API keys', subCategory: 'API keys' },
  { uid: 'documents.read', displayName: 'Read OpenAPI documents', subCategory: 'OpenAPI documents' },
  {
    uid: 'documents.manage',
    displayName: 'Create, change and delete OpenAPI documents',
    subCategory: 'OpenAPI documents',
  },
  { uid: 'sessions.read', displayName: 'Read Browser Sessions', subCategory: 'Browser Sessions' },
  { uid: 'sessions.manage', displayName: 'Revoke Browser Sessions', subCategory: 'Browser Sessions' },
  { uid: 'transfer.read', displayName: 'Export the configuration', subCategory: 'Import and export' },
  {
    uid: 'transfer.manage',
    displayName: 'Import a configuration (adds or replaces endpoints and documents, creates missing keys)',
    subCategory: 'Import and export',
  },
  { uid: 'usage.read', displayName: 'Read usage statistics', subCategory: 'Usage' },
  { uid: 'cache.manage', displayName: 'Purge the response cache', subCategory: 'Response cache' },
];

/** Anyone with one of these may open the plugin's section of the admin panel. */
export const MENU_PERMISSIONS = [
  { action: PERMISSIONS.endpoints.read, subject: null },
  { action: PERMISSIONS.keys.read, subject: null },
  { action: PERMISSIONS.documents.read, subject: null },
  { action: PERMISSIONS.usage.read, subject: null },
];
