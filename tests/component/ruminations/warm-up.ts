import { beforeAll } from 'vitest';

/**
 * Dialogs are loaded lazily (React.lazy). The first import of a module is transformed on the fly
 * by vitest and can take seconds on a cold run; doing it once up front keeps each test's time
 * about behaviour, not compilation.
 */
export function warmUpLazyModules(): void {
  beforeAll(async () => {
    await Promise.all([
      import('../../../src/features/ruminations/new-rumination-dialog'),
      import('../../../src/features/ruminations/edit-rumination-dialog'),
      import('../../../src/components/ui/confirm-dialog'),
      import('../../../src/features/ruminations/delete-rumination-dialog'),
      import('../../../src/features/comments/comment-section'),
    ]);
  }, 60_000);
}
