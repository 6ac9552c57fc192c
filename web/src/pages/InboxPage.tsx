import { useLocation, useSearchParams } from 'react-router-dom';
import { ButtonLink } from '../components/Button.tsx';
import { LoadGate } from '../components/LoadGate.tsx';
import { Notice } from '../components/Notice.tsx';
import { PageHead } from '../components/PageHead.tsx';
import { usePageTitle } from '../components/usePageTitle.ts';
import { MailList, wasChosen } from '../features/inbox/MailList.tsx';
import { MailReader } from '../features/inbox/MailReader.tsx';
import styles from '../features/inbox/inbox.module.css';
import { paths } from '../lib/paths.ts';
import { idParam } from '../lib/queryParams.ts';
import { useLoad } from '../lib/useLoad.ts';
import { useStore } from '../store/index.ts';

export default function InboxPage() {
  const demo = useStore((s) => s.session.user?.demoEndsAt != null);
  const listInbox = useStore((s) => s.listInbox);
  const mails = useStore((s) => s.inbox.mails);
  // Read on opening: a mail written since shows up.
  const state = useLoad(listInbox, []);
  const [search] = useSearchParams();
  const chosenId = idParam(search.get('mail'));
  const chosen = mails.find((m) => m.id === chosenId);
  const focus = wasChosen(useLocation().state);
  usePageTitle(chosen ? `${chosen.subject} · Inbox` : 'Inbox');
  return (
    <>
      <PageHead crumbs={[{ label: 'Account', to: paths.account }, { label: 'Inbox' }]} title="Inbox">
        {demo
          ? "The mails we write to a demo account never leave the store: here's where you read them."
          : 'Copies of the mails we sent you, newest first.'}
      </PageHead>
      <LoadGate state={state} notFound={null}>
        {mails.length === 0 ? (
          <Notice title="No mail yet">
            <p>When we write to you (an order confirmed or shipped, a product back in stock), you'll find it here.</p>
            <ButtonLink to={paths.home}>Start shopping</ButtonLink>
          </Notice>
        ) : (
          <div className={styles.layout}>
            <MailList mails={mails} chosen={chosen?.id} />
            {chosen ? <MailReader mail={chosen} focus={focus} /> : <p className={styles.hint}>Choose a mail to read it.</p>}
          </div>
        )}
      </LoadGate>
    </>
  );
}
