import { useStore } from '../../store/index.ts';
import { selectRole } from '../../store/session.ts';

/** The signed-in account's role: which write controls a back-office screen offers. */
export const useRole = () => useStore(selectRole);
