/** Entry: load the stage's runtime config first (API URL, user pool...), then render the app. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadConfig } from './lib/config';
import { App } from './app/App';
import './styles/global.css';

const root = createRoot(document.getElementById('root')!);

loadConfig()
  .then(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  })
  .catch((err: unknown) => {
    console.error(err);
    root.render(
      <div className="boot-error" role="alert">
        <h1>Unable to start the app</h1>
        <p>{err instanceof Error ? err.message : String(err)}</p>
      </div>,
    );
  });
