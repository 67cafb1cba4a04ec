import { lazy, Suspense, type ReactNode } from 'react';
import { OfflineStatus } from '../../features/offline/offline-status';
import { UpdatedTermsModal } from '../../features/terms/updated-terms-modal';
import { useTheme } from '../../features/theme/use-theme';
import { useToasts } from '../../lib/toasts';
import { NavBar } from './nav-bar';
import { PageFrame } from './page-frame';

const isDemo = import.meta.env.MODE === 'demo';

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
  return (
    <PageFrame
      bar={
        <>
          <a
            href="#main"
            className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-surface focus:p-2"
          >
            Skip to content
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
  );
}

function DemoBannerSlot() {
  return (
    <Suspense fallback={null}>
      <DemoBanner />
    </Suspense>
  );
}
