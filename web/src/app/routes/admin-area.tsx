import { findRoutePattern, paths } from '@app/domain/spa-routes'
import { useLocation } from 'react-router-dom'
import { AdminImportRoute } from './admin-import.tsx'
import { AdminSimpleImportRoute } from './admin-simple-import.tsx'
import { AdminUsersRoute } from './admin-users.tsx'

/**
 * The administrator's pages as one lazy chunk: one entry in the first page's script instead of three keeps
 * the sign-in page inside its budget (decision 009); only administrators ever load it.
 */
export function AdminAreaRoute() {
  const pattern = findRoutePattern(useLocation().pathname)
  if (pattern === paths.adminImport) return <AdminImportRoute />
  if (pattern === paths.adminSimpleImport) return <AdminSimpleImportRoute />
  // /admin/users and /admin/user-management are one screen (decision 039).
  return <AdminUsersRoute />
}
