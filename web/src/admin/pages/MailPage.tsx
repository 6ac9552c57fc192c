import { listMails } from '../api/admin.ts';
import { LoadGate } from '../../components/LoadGate.tsx';
import { PageHead } from '../../components/PageHead.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { MailTable } from '../features/mail/MailTable.tsx';
import { Count } from '../components/Controls.tsx';
import { useFetched } from '../lib/useFetched.ts';
import { useUrlParams } from '../lib/useUrlParams.ts';
import { pageParam } from '../../lib/queryParams.ts';

/** /admin/mail: every mail the store has written (order confirmations, shipping news, refunds), newest first. */
export default function MailPage() {
  usePageTitle('Mail · Back office');
  const { params, search, pageHref } = useUrlParams();
  const page = pageParam(params);
  const { data, gate } = useFetched(() => listMails(page), [search]);
  return (
    <>
      <PageHead title="Mail">
        Every mail the store has written, newest first. Without a mail server configured, mails wait here as queued.
      </PageHead>
      <LoadGate state={gate} notFound={null}>
        {data && (
          <>
            <Count total={data.total} noun={['mail', 'mails']} page={data.page} pages={data.pages} />
            <MailTable mails={data.Mails} />
            <Pagination page={data.page} pages={data.pages} hrefFor={pageHref} />
          </>
        )}
      </LoadGate>
    </>
  );
}
