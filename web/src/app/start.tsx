import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { firstAnswers } from '../api/firstAnswers.ts';
import { beginWith } from '../store/firstAnswers.ts';
import { useStore } from '../store/index.ts';
import { AppRouter } from './router.tsx';

beginWith(useStore, firstAnswers());

// The first render as a transition: React renders it in slices, yielding to the
// browser between them, instead of one long task that holds the page unresponsive.
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <AppRouter />
    </StrictMode>,
  ),
);
