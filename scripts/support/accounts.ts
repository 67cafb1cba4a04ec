import { findEmailLink } from './email-links';
import type { RunningServer } from './server-process';

export interface Account {
  id: number;
  username: string;
  password: string;
  token: string;
}

async function json(res: Response): Promise<unknown> {
  const text = await res.text();
  return text ? JSON.parse(text) : undefined;
}

/**
 * Signs up, activates (with the link from the server's log) and signs in one person, through the
 * API as anybody would; with `acceptTerms` false, the terms then wait for their acceptance.
 */
export async function createAccount(
  server: Pick<RunningServer, 'baseURL' | 'logs'>,
  username: string,
  { acceptTerms = true }: { acceptTerms?: boolean } = {},
): Promise<Account> {
  const password = `pw-${username}-unusual`;
  const post = (url: string, body: unknown) =>
    fetch(`${server.baseURL}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const signup = await post('/api/auth/signup', {
    username,
    email: `${username}@example.test`,
    password,
    ...(acceptTerms ? { acceptedTosVersion: '1.0' } : {}),
  });
  if (signup.status !== 201) throw new Error(`sign-up of ${username}: ${signup.status}`);
  let link: string | undefined;
  for (let i = 0; i < 50 && link === undefined; i++) {
    link = findEmailLink(server.logs(), 'activate', [username]);
    if (link === undefined) await new Promise((r) => setTimeout(r, 100));
  }
  if (link === undefined) throw new Error(`no activation link for ${username}`);
  const token = new URL(link).searchParams.get('token') ?? '';
  const activate = await fetch(
    `${server.baseURL}/api/auth/activate?token=${encodeURIComponent(token)}`,
  );
  if (!activate.ok) throw new Error(`activation of ${username}: ${activate.status}`);
  const login = await post('/api/auth/login', { username, password });
  const body = (await json(login)) as { accessToken?: string };
  if (!body.accessToken) throw new Error(`sign-in of ${username}: ${login.status}`);
  const me = (await json(
    await fetch(`${server.baseURL}/api/auth/me`, {
      headers: { authorization: `Bearer ${body.accessToken}` },
    }),
  )) as { id: number };
  return { id: me.id, username, password, token: body.accessToken };
}

/** One API call as `who`, JSON in and out; any answer but 2xx throws with its status and body. */
export async function callApi(
  server: Pick<RunningServer, 'baseURL'>,
  who: Pick<Account, 'token'>,
  method: string,
  url: string,
  body?: unknown,
): Promise<unknown> {
  const response = await fetch(`${server.baseURL}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${who.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  }
  const text = await response.text();
  return text ? (JSON.parse(text) as unknown) : undefined;
}

/** A writer and a reader who are friends (requested by the writer, accepted by the reader). */
export async function createFriends(
  server: Pick<RunningServer, 'baseURL' | 'logs'>,
  label: string,
): Promise<{ writer: Account; reader: Account }> {
  const writer = await createAccount(server, `${label}_writer`);
  const reader = await createAccount(server, `${label}_reader`);
  const { id } = (await callApi(server, writer, 'POST', '/api/UserRelations', {
    userId: reader.id,
    relationType: 2, // Friend
  })) as { id: number };
  await callApi(server, reader, 'PUT', `/api/UserRelations/${id}/accept`);
  return { writer, reader };
}
