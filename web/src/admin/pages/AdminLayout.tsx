import { Outlet } from 'react-router-dom';
import { AdminNav, ViewerNote } from '../components/AdminNav.tsx';
import { useBackOfficeStylesheet } from '../lib/useBackOfficeStylesheet.ts';
import { useRole } from './useRole.ts';
import { canChange } from '../../lib/roles.ts';

/** The back office's frame, around each of its screens; the router guards it for staff. */
export default function AdminLayout() {
  const role = useRole();
  // Its stylesheet is its own (no shopper downloads it): nothing shows until it is in.
  if (!useBackOfficeStylesheet()) return <div aria-busy="true" aria-label="Loading" />;
  return (
    <>
      <AdminNav />
      {!canChange(role) && <ViewerNote />}
      <Outlet />
    </>
  );
}
