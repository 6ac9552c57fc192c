import { useRef } from 'react';
import { Link } from 'react-router-dom';
import type { User } from '../api/types.ts';
import { LoadGate } from '../components/LoadGate.tsx';
import { PageHead } from '../components/PageHead.tsx';
import { usePageTitle } from '../components/usePageTitle.ts';
import { AccountForm } from '../features/account/AccountForm.tsx';
import { PasswordForm } from '../features/account/PasswordForm.tsx';
import styles from '../features/account/account.module.css';
import { StockAlertList } from '../features/stockAlerts/StockAlertList.tsx';
import { isDemoAccount } from '../lib/accountSettings.ts';
import { formatMoment } from '../lib/dates.ts';
import { paths } from '../lib/paths.ts';
import { useLoad } from '../lib/useLoad.ts';
import { useStore } from '../store/index.ts';

export default function AccountSettingsPage() {
  usePageTitle('Account settings');
  const user = useStore((s) => s.session.user);
  const getAccount = useStore((s) => s.getAccount);
  const listStockAlerts = useStore((s) => s.listStockAlerts);
  // Read on opening: a new address confirmed elsewhere, an alert mailed since.
  const state = useLoad(() => Promise.all([getAccount(), listStockAlerts()]), []);
  const alertsHeading = useRef<HTMLHeadingElement>(null);
  if (!user) return null;
  return (
    <>
      <PageHead crumbs={[{ label: 'Account', to: paths.account }, { label: 'Account settings' }]} title="Account settings">
        Your name, e-mail and password, and the products we'll tell you about.
      </PageHead>
      <LoadGate state={state} notFound={null}>
        <div className={styles.settings}>
          {isDemoAccount(user) ? (
            <section className={styles.section} aria-labelledby="settings-demo">
              <h2 id="settings-demo">Name, e-mail and password</h2>
              <DemoNote user={user} />
            </section>
          ) : (
            <>
              <section className={styles.section} aria-labelledby="settings-account">
                <h2 id="settings-account">Name and e-mail</h2>
                {/* A new address in effect (confirmed elsewhere) starts the form again. */}
                <AccountForm key={user.email} user={user} />
              </section>
              <section className={styles.section} aria-labelledby="settings-password">
                <h2 id="settings-password">Password</h2>
                <PasswordForm username={user.username} />
              </section>
            </>
          )}
          <section className={styles.section} aria-labelledby="settings-alerts">
            <h2 id="settings-alerts" ref={alertsHeading} tabIndex={-1}>
              Back-in-stock alerts
            </h2>
            <StockAlertList headingRef={alertsHeading} />
          </section>
        </div>
      </LoadGate>
    </>
  );
}

/** Why a demo account's name, e-mail and password are not offered for change. */
function DemoNote({ user }: { user: User }) {
  if (user.demoEndsAt != null) {
    return (
      <p className={styles.note}>
        A demo account keeps the name, e-mail and password it was made with, and ends on {formatMoment(user.demoEndsAt)}.
        The mails the store writes to it never leave the store: read them in your <Link to={paths.inbox}>inbox</Link>.
      </p>
    );
  }
  return (
    <p className={styles.note}>
      Everyone signs in to the demo account with the e-mail and password the sign-in page prints, so they can't be
      changed here. An account of your own has them to change.
    </p>
  );
}
