import { useState, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import type { StockAlert } from '../../api/types.ts';
import { Button } from '../../components/Button.tsx';
import { ErrorLines } from '../../components/FormField.tsx';
import { formatDate } from '../../lib/dates.ts';
import { to } from '../../lib/paths.ts';
import { describeOptions } from '../../lib/variantChoice.ts';
import { useStore } from '../../store/index.ts';
import styles from './stockAlerts.module.css';

/** "Men's Tee (Size: M · Colour: Navy)": which item an alert is for, as a button names it. */
const itemOf = (a: StockAlert) => (a.options.length > 0 ? `${a.name} (${describeOptions(a.options)})` : a.name);

/**
 * The shopper's back-in-stock alerts, newest first: what each is for (opening the product
 * on the variant asked for), whether it still waits or when its mail went, and Remove.
 * After a removal the keyboard's focus goes to the list's heading, `headingRef`.
 */
export function StockAlertList({ headingRef }: { headingRef: RefObject<HTMLHeadingElement | null> }) {
  const alerts = useStore((s) => s.stockAlerts.list);
  const removeStockAlert = useStore((s) => s.removeStockAlert);
  const [removing, setRemoving] = useState<number | null>(null);
  const [said, setSaid] = useState('');
  const [errors, setErrors] = useState<string[]>([]);

  const remove = (a: StockAlert) => {
    setRemoving(a.id);
    setErrors([]);
    removeStockAlert(a.id).then(
      () => {
        setRemoving(null);
        setSaid(`Removed the alert for ${itemOf(a)}.`);
        headingRef.current?.focus();
      },
      () => {
        setRemoving(null);
        setErrors([`We couldn't remove the alert for ${itemOf(a)}. Please try again.`]);
      },
    );
  };

  return (
    <>
      {/* What the last removal did, for screen readers: the list itself shows it. */}
      <p role="status" className="visually-hidden">
        {said}
      </p>
      <ErrorLines lines={errors} />
      {alerts.length === 0 ? (
        <p className={styles.empty}>
          No alerts. On the page of something sold out, choose “Email me when it's back” and we'll write to you once it
          is in stock again.
        </p>
      ) : (
        <ul role="list" className={styles.list} aria-label="Your back-in-stock alerts">
          {alerts.map((a) => {
            const href = to.product(a.departmentId, a.productId, a.variantId);
            return (
              <li key={a.id} className={styles.alert}>
                <Link to={href} className={styles.picture} tabIndex={-1} aria-hidden="true">
                  <img src={a.previewImage} alt="" width={64} height={64} loading="lazy" />
                </Link>
                <div className={styles.info}>
                  <Link to={href} className={styles.name}>
                    {a.name}
                  </Link>
                  {a.options.length > 0 && <span className={styles.options}>{describeOptions(a.options)}</span>}
                  <span className={a.mailedAt === null ? styles.waiting : styles.mailed}>
                    {a.mailedAt === null ? 'Waiting' : `Mailed on ${formatDate(a.mailedAt)}`}
                  </span>
                </div>
                <Button variant="quiet" size="small" disabled={removing === a.id} onClick={() => remove(a)}>
                  Remove<span className="visually-hidden"> the alert for {itemOf(a)}</span>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}
