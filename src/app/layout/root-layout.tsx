import { lazy, Suspense, type ReactNode } from 'react';
import { Trans } from '@lingui/react/macro';
import { OfflineStatus } from '../../features/offline/offline-status';
import { UpdatedTermsModal } from '../../features/terms/updated-terms-modal';
import { useTheme } from '../../features/theme/use-theme';
import { useToasts } from '../../lib/toasts';
import { NavBar } from './nav-bar';
import { MentionContext, type RenderMention } from '../../components/ui/note-mentions';
import { useAuth } from '../../features/auth/auth-context';
import { PageFrame } from './page-frame';

const isDemo = import.meta.env.MODE === 'demo';

// Fetched with the first note that mentions someone.
const MentionLink = lazy(() => import('../../features/people/mention-link'));

/**
 * An @mention as a link to the person (features/people/mention-link.tsx), for a signed-in reader:
 * finding who it names asks the people search, which needs an account; a visitor reads the name.
 */
const renderMention: RenderMention = (username, text) => (
  <Suspense fallback={text}>
    <MentionLink username={username} text={text} />
  </Suspense>
);

// Fetched with the first notice: most visits never raise one.
const Toasts = lazy(() => import('./toasts'));

// Behind the build-time mode check so that only the demo build contains the banner at all.
const DemoBanner = isDemo
  ? lazy(() => import('../../features/demo/demo-banner').then((m) => ({ default: m.DemoBanner })))
  : () => null;

/** The page frame: navigation bar, the current screen, and app-wide overlays. */
export function RootLayout({ children }: { children: ReactNode }) {
  // Keeps <html> in step with the preference and, for "system", with the system setting.
  useTheme();
  const toasts = useToasts();
  const { isAuthenticated } = useAuth();
  return (
    <MentionContext.Provider value={isAuthenticated ? renderMention : null}>
      <PageFrame
        bar={
          <>
            <a
              href="#main"
              className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-surface focus:p-2"
            >
              <Trans>Skip to content</Trans>
            </a>
            {isDemo && <DemoBannerSlot />}
            <NavBar />
          </>
        }
        after={
          <>
            <UpdatedTermsModal />
            {toasts.length > 0 ? (
              <Suspense fallback={null}>
                <Toasts toasts={toasts} />
              </Suspense>
            ) : null}
          </>
        }
      >
        <OfflineStatus />
        {children}
      </PageFrame>
    </MentionContext.Provider>
  );
}

function DemoBannerSlot() {
  return (
    <Suspense fallback={null}>
      <DemoBanner />
    </Suspense>
  );
}
