/** /api/account in the mock backend. Being written: see issue 15. */
export const accountHandlers = [];
