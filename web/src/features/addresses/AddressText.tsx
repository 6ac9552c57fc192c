import type { AddressBody } from '../../api/types.ts';
import { addressLines } from '../../lib/addresses.ts';
import styles from './addresses.module.css';

interface Props {
  address: AddressBody;
  /** Leave the name out (a card that heads itself with it). */
  withoutName?: boolean;
  /** The phone under it, when there is one. */
  phone?: boolean;
}

/** An address as a label prints it, one line each. */
export function AddressText({ address, withoutName = false, phone = false }: Props) {
  return (
    <span className={styles.lines}>
      {addressLines(address).slice(withoutName ? 1 : 0).map((line, i) => (
        <span key={i}>{line}</span>
      ))}
      {phone && address.phone !== '' && <span className={styles.phone}>{address.phone}</span>}
    </span>
  );
}
