import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './styles.css';
import { AppProviders } from './components/app-providers';
import { AuthSession } from './features/auth/auth-session';
import { createQueryClient } from './lib/query-client';
import { createAppRouter } from './router';

async function start(): Promise<void> {
  const queryClient = createQueryClient();
  const auth = new AuthSession();
  const router = createAppRouter({ queryClient, auth });
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('index.html has no #root element');
  createRoot(rootElement).render(
    <StrictMode>
      <AppProviders router={router} queryClient={queryClient} auth={auth} />
    </StrictMode>,
  );
}

void start();
