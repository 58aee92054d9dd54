import { useRBAC } from '@strapi/strapi/admin';
import { useMemo } from 'react';
import { PERMISSIONS } from '../../../contracts/permissions';

type Area = keyof typeof PERMISSIONS;

/**
 * Whether the admin may read and manage one area of the plugin (the RBAC actions of contracts/permissions.ts).
 * One area per call: Strapi names allowed actions by their last part (`read`, `manage`) only.
 */
export const useRights = (area: Area) => {
  const permissions = useMemo(
    () => [
      { action: PERMISSIONS[area].read, subject: null },
      { action: PERMISSIONS[area].manage, subject: null },
    ],
    [area]
  );
  const { allowedActions, isLoading } = useRBAC(permissions);
  return { canRead: Boolean(allowedActions.canRead), canManage: Boolean(allowedActions.canManage), isLoading };
};
