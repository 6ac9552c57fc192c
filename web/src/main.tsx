import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { firstAnswers } from './api/firstAnswers.ts';
import { AppRouter } from './app/router.tsx';
import { beginWith } from './store/firstAnswers.ts';
import { useStore } from './store/index.ts';
import './styles/tokens.css';
import './styles/reset.css';

beginWith(useStore, firstAnswers());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppRouter />
  </StrictMode>,
);
