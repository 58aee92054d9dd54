import { useRBAC } from '@strapi/strapi/admin';
import { useMemo } from 'react';
import { PERMISSIONS } from '../../../contracts/permissions';

type Area = keyof typeof PERMISSIONS;

/**
 * Whether the admin may read and manage one area of the plugin (the RBAC actions of contracts/permissions.ts).
 * One area per call: Strapi names allowed actions by their last part (`read`, `manage`) only. An area without
 * a `manage` action (usage) is never managed.
 */
export const useRights = (area: Area) => {
  const permissions = useMemo(
    () => Object.values(PERMISSIONS[area]).map((action: string) => ({ action, subject: null })),
    [area]
  );
  const { allowedActions, isLoading } = useRBAC(permissions);
  return { canRead: Boolean(allowedActions.canRead), canManage: Boolean(allowedActions.canManage), isLoading };
};
