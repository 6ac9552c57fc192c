import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../api/client.ts';
import { confirmSecondFactor, getSecondFactor, startSecondFactor, turnOffSecondFactor } from '../../api/admin.ts';
import type { SecondFactorSetup } from '../../../api/types.ts';
import { Button } from '../../../components/Button.tsx';
import { FormField } from '../../../components/FormField.tsx';
import { LoadGate } from '../../../components/LoadGate.tsx';
import { QrCode } from './QrCode.tsx';
import { useFetched } from '../../lib/useFetched.ts';
import { admin as styles } from '../../styles/classes.ts';

const CODE = /^\d{6}$/;

/**
 * The signed-in staff member's own second factor: off, being set up (a QR code to scan,
 * the secret to type, then a first code to confirm), or on (a current code turns it off).
 */
export function SecondFactorPanel() {
  const { data, gate, replace } = useFetched(getSecondFactor, []);
  const [setup, setSetup] = useState<SecondFactorSetup>();
  const [code, setCode] = useState('');
  const [message, setMessage] = useState<string>();
  const [busy, setBusy] = useState(false);

  const act = (call: () => Promise<unknown>, after: () => void) => {
    setBusy(true);
    setMessage(undefined);
    call().then(
      () => {
        setBusy(false);
        setCode('');
        after();
      },
      (error: unknown) => {
        setBusy(false);
        setMessage(error instanceof ApiError ? (error.errors[0] ?? error.message) : "We couldn't reach the store.");
      },
    );
  };
  const withCode = (e: FormEvent, call: (code: string) => Promise<unknown>, after: () => void) => {
    e.preventDefault();
    const typed = code.replace(/\s/g, '');
    if (!CODE.test(typed)) return setMessage('The code is the 6 digits your authenticator app shows.');
    act(() => call(typed), after);
  };

  return (
    <section className={`${styles.panel} ${styles.gap}`} aria-labelledby="second-factor">
      <h2 id="second-factor">Your second factor</h2>
      <LoadGate state={gate} notFound={null}>
        {data?.on ? (
          <form className={styles.factor} onSubmit={(e) => withCode(e, turnOffSecondFactor, () => replace(() => ({ on: false })))} noValidate>
            <p>On: signing in asks for a code from your authenticator app.</p>
            <FormField label="A current code, to turn it off" inputMode="numeric" autoComplete="one-time-code" value={code} message={message} onChange={(e) => setCode(e.target.value)} />
            <Button type="submit" variant="secondary" disabled={busy}>
              Turn off
            </Button>
          </form>
        ) : setup ? (
          <form
            className={styles.factor}
            onSubmit={(e) =>
              withCode(e, confirmSecondFactor, () => {
                setSetup(undefined);
                replace(() => ({ on: true }));
              })
            }
            noValidate
          >
            <p>Scan this with your authenticator app, or type the key into it, then enter the code it shows.</p>
            <QrCode text={setup.otpauthUri} label="QR code of your sign-in key" />
            <p>
              Key: <code className={styles.secret}>{setup.secret.replace(/(.{4})/g, '$1 ').trim()}</code>
            </p>
            <FormField label="Code from the app" inputMode="numeric" autoComplete="one-time-code" value={code} message={message} onChange={(e) => setCode(e.target.value)} />
            <Button type="submit" disabled={busy}>
              Turn on
            </Button>
          </form>
        ) : (
          <>
            <p>Off. With it on, signing in asks for a code from an authenticator app as well as your password.</p>
            {message && <p className={styles.problem}>{message}</p>}
            <Button onClick={() => act(() => startSecondFactor().then(setSetup), () => undefined)} disabled={busy}>
              Set up a second factor
            </Button>
          </>
        )}
      </LoadGate>
    </section>
  );
}
