import { hashPassword } from '../../../server/credentials/password';
import { createDatabase } from '../../../server/db/database';
import { insertActiveUser, type TestUser } from '../../server/support/test-users';

/** Where a journeys' server keeps its people, and how it signs their tokens. */
export interface PeopleStore {
  sqliteFile: string;
  jwtSecret: string;
}

/** The password of everyone the journeys write straight into a database. */
const PASSWORD = 'journeys-correct-horse';
let passwordHash: Promise<string> | undefined;

/**
 * An active person who accepted the current terms, written straight into the server's database
 * (as the server tests do, tests/server/support/test-users.ts) with a token signed by its secret:
 * sign-up, activation and sign-in have journeys of their own, and going through them for every
 * person cost each journey an argon2 hash, an email and three requests. The password is real
 * (hashed once per worker), so a journey can still sign in through the form.
 */
export async function insertPerson(store: PeopleStore, username: string): Promise<TestUser> {
  passwordHash ??= hashPassword(PASSWORD);
  const email = `${username}@example.test`.toLowerCase();
  const db = createDatabase({ sqliteFile: store.sqliteFile });
  try {
    const { id, token } = await insertActiveUser(db, new TextEncoder().encode(store.jwtSecret), {
      username,
      email,
      passwordHash: await passwordHash,
    });
    return { id, username, email, password: PASSWORD, token };
  } finally {
    await db.destroy();
  }
}
