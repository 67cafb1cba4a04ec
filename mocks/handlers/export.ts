/** GET /api/account/export in the mock backend. Being written: see issue 15. */
export const exportHandlers = [];
