import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router-dom';
import { Button } from '../../../components/Button.tsx';
import { Dialog } from '../../../components/Dialog.tsx';
import { editor as styles } from '../../styles/classes.ts';

/**
 * Keeps unsaved changes from a stray click: a link or Back inside the app asks first
 * (react-router's blocker), and closing or reloading the tab gets the browser's own
 * question (beforeunload). `letGo()` lets the next navigation through unasked, for the
 * editor's own move after a save.
 */
export function useUnsavedChanges(dirty: boolean) {
  const passing = useRef(false);
  // A ref, not state: the blocker is asked during the navigation, before any re-render.
  const dirtyNow = useRef(dirty);
  dirtyNow.current = dirty;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirtyNow.current && !passing.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    addEventListener('beforeunload', warn);
    return () => removeEventListener('beforeunload', warn);
  }, [dirty]);
  return { blocker, letGo: () => (passing.current = true) };
}

/** The question a blocked navigation asks. */
export function LeaveDialog({ blocker }: { blocker: ReturnType<typeof useBlocker> }) {
  const blocked = blocker.state === 'blocked';
  return (
    <Dialog open={blocked} onClose={() => blocked && blocker.reset()} label="Unsaved changes">
      <h2 className={styles.dialogTitle}>Leave without saving?</h2>
      <p>Your changes to this product have not been saved.</p>
      <div className={styles.dialogActions}>
        <Button variant="secondary" onClick={() => blocked && blocker.reset()}>
          Keep editing
        </Button>
        <Button onClick={() => blocked && blocker.proceed()}>Leave and lose changes</Button>
      </div>
    </Dialog>
  );
}
