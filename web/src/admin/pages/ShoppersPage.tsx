import { listShoppers, setAccountDisabled } from '../api/admin.ts';
import type { AccountBody } from '../../api/types.ts';
import { LoadGate } from '../../components/LoadGate.tsx';
import { PageHead } from '../../components/PageHead.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { ShopperTable } from '../features/accounts/AccountTable.tsx';
import { admin as styles } from '../styles/classes.ts';
import { Count, Problem, SearchForm } from '../components/Controls.tsx';
import { useAction } from '../lib/useAction.ts';
import { useFetched } from '../lib/useFetched.ts';
import { useRole } from './useRole.ts';
import { useUrlParams } from '../lib/useUrlParams.ts';
import { pageParam } from '../../lib/queryParams.ts';
import { canChange, isOwner } from '../../lib/roles.ts';

export default function ShoppersPage() {
  usePageTitle('Shoppers · Back office');
  const { params, search, change, pageHref } = useUrlParams();
  const q = params.get('q') ?? '';
  const page = pageParam(params);
  const { data, gate, replace } = useFetched(() => listShoppers({ q: q || undefined, page }), [search]);
  const action = useAction();
  const role = useRole();
  const disable = (account: AccountBody, disabled: boolean) => {
    // Disabling signs the shopper out everywhere at once: ask first.
    if (disabled && !window.confirm(`Disable ${account.username}? They are signed out and cannot sign in until enabled.`)) return;
    action.run(account.id, account.username, () => setAccountDisabled(account.id, disabled), (changed) =>
      replace((d) => d && { ...d, Accounts: d.Accounts.map((a) => (a.id === changed.id ? changed : a)) }),
    );
  };
  return (
    <>
      <PageHead title="Shoppers" />
      {/* A viewer has the frame's note already; staff are told why the buttons are missing. */}
      {canChange(role) && !isOwner(role) && <p className={styles.note}>Only an owner can disable or enable an account.</p>}
      <div className={styles.toolbar}>
        <SearchForm label="Search accounts" hint="Number, username or email" value={q} onSearch={(text) => change({ q: text })} />
      </div>
      <Problem text={action.problem} />
      <LoadGate state={gate} notFound={null}>
        {data && (
          <>
            <Count total={data.total} noun={['account', 'accounts']} page={data.page} pages={data.pages} />
            <ShopperTable accounts={data.Accounts} onDisable={isOwner(role) ? disable : null} busy={action.busy} />
            <Pagination page={data.page} pages={data.pages} hrefFor={pageHref} />
          </>
        )}
      </LoadGate>
    </>
  );
}
