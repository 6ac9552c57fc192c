import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { firstAnswers } from '../api/firstAnswers.ts';
import { beginWith } from '../store/firstAnswers.ts';
import { useStore } from '../store/index.ts';
import { AppRouter, routerReady } from './router.tsx';
import { replayEarlyTaps } from './takeover.ts';

beginWith(useStore, firstAnswers());

// The first render as a transition: React renders it in slices, yielding to the
// browser between them, instead of one long task that holds the page unresponsive. It
// waits for the router to have the screen's code: rendering before would replace the
// server's first screen with the router's empty fallback for a moment.
const root = createRoot(document.getElementById('root')!);
await routerReady;
startTransition(() =>
  root.render(
    <StrictMode>
      <AppRouter />
    </StrictMode>,
  ),
);

// A tap on the server's screen before the app took over is made again once the session
// check has said who is here (an "Add to cart" then adds, or asks a visitor to sign in).
if (useStore.getState().session.loaded) replayEarlyTaps();
else {
  const stopWatching = useStore.subscribe((state) => {
    if (!state.session.loaded) return;
    stopWatching();
    replayEarlyTaps();
  });
}
