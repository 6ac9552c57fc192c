import styles from './PanelHead.module.css';

/** The title row of a side panel, with its round close button. */
export function PanelHead({ title, closeLabel, onClose }: { title: string; closeLabel: string; onClose: () => void }) {
  return (
    <div className={styles.head}>
      <h2 className={styles.title}>{title}</h2>
      <button type="button" className={styles.close} onClick={onClose} aria-label={closeLabel}>
        ×
      </button>
    </div>
  );
}
