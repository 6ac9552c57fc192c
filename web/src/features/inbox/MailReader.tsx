import { useEffect, useRef, useState, type SyntheticEvent } from 'react';
import type { InboxMail } from '../../api/types.ts';
import { formatDate } from '../../lib/dates.ts';
import { linksOpenOnTop } from '../../lib/mailFrame.ts';
import styles from './inbox.module.css';

/**
 * One mail as its recipient sees it, as the back office's mail page shows one: the HTML
 * part in a frame that runs no script, grown to the whole mail, then the plain-text part
 * on demand. Unlike the back office's, its links work: they open in the whole window.
 * With `focus` (a mail chosen from the list, not an address opened as it is), the
 * keyboard's focus goes to its subject, scrolled to where the list stacks above it.
 */
export function MailReader({ mail, focus }: { mail: InboxMail; focus: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) heading.current?.focus();
  }, [mail.id, focus]);
  // The frame grows to the whole mail, as a mail client shows it, rather than scroll inside.
  const [height, setHeight] = useState<number>();
  const fit = (e: SyntheticEvent<HTMLIFrameElement>) => setHeight(e.currentTarget.contentDocument?.documentElement.scrollHeight);
  return (
    <article className={styles.reader} aria-labelledby="mail-subject">
      <h2 id="mail-subject" ref={heading} tabIndex={-1} className={styles.subject}>
        {mail.subject}
      </h2>
      <p className={styles.when}>{formatDate(mail.createdAt)}</p>
      {/* Sandboxed: the mail runs no script and submits nothing; its own origin only lets
          the page read its height; a link the shopper follows opens in the whole window. */}
      <iframe
        key={mail.id}
        className={styles.frame}
        title={mail.subject}
        sandbox="allow-same-origin allow-top-navigation-by-user-activation"
        srcDoc={linksOpenOnTop(mail.html)}
        onLoad={fit}
        style={height ? { height: height + 2 } : undefined}
      />
      <details className={styles.plain}>
        <summary>As plain text</summary>
        {/* Its lines keep their columns and scroll sideways on a phone: reachable by keyboard too. */}
        <pre className={styles.text} tabIndex={0}>
          {mail.text}
        </pre>
      </details>
    </article>
  );
}
