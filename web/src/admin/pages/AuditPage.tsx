import { listAudit } from '../api/admin.ts';
import { LoadGate } from '../../components/LoadGate.tsx';
import { PageHead } from '../../components/PageHead.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { AuditTable } from '../features/audit/AuditTable.tsx';
import { Count } from '../components/Controls.tsx';
import { useFetched } from '../lib/useFetched.ts';
import { useUrlParams } from '../lib/useUrlParams.ts';
import { pageParam } from '../../lib/queryParams.ts';

export default function AuditPage() {
  usePageTitle('Audit log · Back office');
  const { params, search, pageHref } = useUrlParams();
  const page = pageParam(params);
  const { data, gate } = useFetched(() => listAudit(page), [search]);
  return (
    <>
      <PageHead title="Audit log">Every change made in the back office or on the command line, newest first.</PageHead>
      <LoadGate state={gate} notFound={null}>
        {data && (
          <>
            <Count total={data.total} noun={['change', 'changes']} page={data.page} pages={data.pages} />
            <AuditTable entries={data.Entries} />
            <Pagination page={data.page} pages={data.pages} hrefFor={pageHref} />
          </>
        )}
      </LoadGate>
    </>
  );
}
