import { listStaff, setRole } from '../api/admin.ts';
import type { AccountBody, Role } from '../../api/types.ts';
import { LoadGate } from '../../components/LoadGate.tsx';
import { PageHead } from '../../components/PageHead.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { StaffTable } from '../features/accounts/AccountTable.tsx';
import { AddStaffForm } from '../features/accounts/AddStaffForm.tsx';
import { admin as styles } from '../styles/classes.ts';
import { Problem } from '../components/Controls.tsx';
import { SecondFactorPanel } from '../features/settings/SecondFactorPanel.tsx';
import { useAction } from '../lib/useAction.ts';
import { useFetched } from '../lib/useFetched.ts';
import { useRole } from './useRole.ts';
import { canChange, isOwner } from '../../lib/roles.ts';

export default function StaffPage() {
  usePageTitle('Staff · Back office');
  const { data, gate, replace, reload } = useFetched(listStaff, []);
  const action = useAction();
  const role = useRole();
  const owner = isOwner(role);
  const changeRole = (account: AccountBody, to: Role) => {
    // Taking someone off the staff closes the back office to them: ask first.
    if (to === 'shopper' && !window.confirm(`Remove ${account.username} from the staff? Their account stays, as a shopper's.`)) return;
    action.run(account.id, account.username, () => setRole(account.id, to), (changed) =>
      changed.role === 'shopper' ? reload() : replace((d) => d?.map((a) => (a.id === changed.id ? changed : a))),
    );
  };
  return (
    <>
      <PageHead title="Staff" />
      {canChange(role) && !owner && <p className={styles.note}>Only an owner can add staff or change roles.</p>}
      <Problem text={action.problem} />
      <LoadGate state={gate} notFound={null}>
        {data && <StaffTable accounts={data} onRole={owner ? changeRole : null} busy={action.busy} />}
      </LoadGate>
      <SecondFactorPanel />
      {owner && (
        <section className={`${styles.panel} ${styles.gap}`} aria-labelledby="add-staff">
          <h2 id="add-staff">Add a staff account</h2>
          <AddStaffForm onAdded={reload} />
        </section>
      )}
    </>
  );
}
