import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { NotificationsPage } from '../../features/notifications/notifications-page';

/**
 * Notifications: signed in, and open while new terms wait for acceptance (reading them writes no
 * content). No loader: it would sit in the route tree every first visit downloads; the page loads
 * its list itself.
 */
export const Route = createFileRoute('/_auth/notifications')({
  staticData: { title: msg`Notifications` },
  component: NotificationsPage,
});
