/** /api/notifications in the mock backend. Being written: see issue 14. */
export const notificationHandlers = [];
