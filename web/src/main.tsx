// The entry. index.html already shows the bar (styles/boot.css); the app's code runs once
// the browser has had a frame to paint it, so a first visit sees the store at once
// rather than a blank page while the script runs. The app's code is fetched beside this
// file (<link rel="modulepreload">), so the wait costs no round trip.
import './styles/tokens.css';
import './styles/reset.css';
import './styles/boot.css';

const painted = new Promise<void>((resolve) => {
  requestAnimationFrame(() => setTimeout(resolve, 0));
  // A page opened in the background gets no frames until it is shown: start anyway.
  setTimeout(resolve, 100);
});
void painted.then(() => import('./app/start.tsx'));
