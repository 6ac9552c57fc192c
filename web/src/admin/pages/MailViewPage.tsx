import { useState, type SyntheticEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { getMail } from '../api/admin.ts';
import { ButtonLink } from '../../components/Button.tsx';
import { LoadGate } from '../../components/LoadGate.tsx';
import { Notice } from '../../components/Notice.tsx';
import { PageHead } from '../../components/PageHead.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { admin as styles, mail as mailStyles } from '../styles/classes.ts';
import { MailStatus } from '../features/mail/MailStatus.tsx';
import { useFetched } from '../lib/useFetched.ts';
import { momentLabel } from '../lib/days.ts';
import { idParam } from '../../lib/queryParams.ts';
import { paths, to } from '../../lib/paths.ts';
import { NotFound } from '../../lib/useLoad.ts';

/**
 * /admin/mail/:mailId: one mail as its recipient reads it (the HTML part in a frame that
 * runs no script and reaches nothing, then the plain-text part), and where it stands.
 */
export default function MailViewPage() {
  const { mailId } = useParams();
  const id = idParam(mailId ?? null);
  const { data, gate } = useFetched(() => (id === undefined ? Promise.reject(new NotFound()) : getMail(id)), [mailId]);
  const mail = data?.id === id ? data : undefined;
  usePageTitle(`${mail ? mail.subject : 'Mail'} · Back office`);
  // The frame grows to the whole mail, as a mail client shows it, rather than scroll inside.
  const [height, setHeight] = useState<number>();
  const fit = (e: SyntheticEvent<HTMLIFrameElement>) => setHeight(e.currentTarget.contentDocument?.documentElement.scrollHeight);
  return (
    <LoadGate
      state={gate}
      notFound={
        <Notice title="No such mail" level={1}>
          <ButtonLink to={paths.adminMails}>All mail</ButtonLink>
        </Notice>
      }
    >
      {mail && (
        <>
          <PageHead crumbs={[{ label: 'Mail', to: paths.adminMails }, { label: `#${mail.id}` }]} title={mail.subject}>
            <MailStatus status={mail.status} />
          </PageHead>
          <dl className={mailStyles.facts}>
            <dt>To</dt>
            <dd>
              {mail.toName} &lt;{mail.toAddress}&gt;
            </dd>
            <dt>Event</dt>
            <dd>
              <code>{mail.event}</code>
              {mail.orderId != null && (
                <>
                  {' '}
                  about <Link to={to.adminOrder(mail.orderId)}>order #{mail.orderId}</Link>
                </>
              )}
            </dd>
            <dt>Written</dt>
            <dd>{momentLabel(mail.createdAt)}</dd>
            <dt>Attempts</dt>
            <dd>
              {mail.attempts}
              {mail.sentAt != null && <> · sent {momentLabel(mail.sentAt)}</>}
              {mail.lastError && <div className={styles.soft}>Last error: {mail.lastError}</div>}
            </dd>
          </dl>
          <section className={mailStyles.part} aria-labelledby="mail-html">
            <h2 id="mail-html">As HTML</h2>
            {/* Sandboxed: the mail runs no script, submits nothing, opens nothing; its own
                origin only lets the page read its height. */}
            <iframe
              className={mailStyles.frame}
              title={`${mail.subject}, as HTML`}
              sandbox="allow-same-origin"
              srcDoc={mail.html}
              onLoad={fit}
              style={height ? { height: height + 2 } : undefined}
            />
          </section>
          <section className={mailStyles.part} aria-labelledby="mail-text">
            <h2 id="mail-text">As plain text</h2>
            {/* Its lines keep their columns and scroll sideways on a phone: reachable by keyboard too. */}
            <pre className={mailStyles.text} tabIndex={0}>
              {mail.text}
            </pre>
          </section>
        </>
      )}
    </LoadGate>
  );
}
