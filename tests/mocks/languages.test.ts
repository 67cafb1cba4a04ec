import { describe, expect, it } from 'vitest';
import { outbox } from '../../mocks/store/tokens';
import { api, setupMockBackend } from './mock-backend';

/**
 * The mock backend answers as the server does (api-contract.md "Languages"): a problem's title and
 * field messages, and a success's message, in the language of the request's Accept-Language (the
 * SPA sends the one it speaks), English without one or for a language the app does not speak.
 */

setupMockBackend();

const language = (tag: string) => ({ headers: { 'Accept-Language': tag } });

describe('the mock backend in the request’s language', () => {
  it('answers a problem’s title in Spanish and Arabic, in English otherwise', async () => {
    const english = await api('GET', '/api/account');
    expect(english.status).toBe(401);
    expect(english.json.title).toBe('Authentication required');

    const spanish = await api('GET', '/api/account', language('es-ES,es;q=0.9'));
    expect(spanish.status).toBe(401);
    expect(spanish.json).toMatchObject({ status: 401, title: 'Debes iniciar sesión' });
    expect(spanish.headers.get('Vary')).toMatch(/accept-language/i);

    expect((await api('GET', '/api/account', language('ar-EG'))).json.title).toBe(
      'يلزم تسجيل الدخول',
    );
    expect((await api('GET', '/api/account', language('fr'))).json.title).toBe(
      'Authentication required',
    );
    expect((await api('GET', '/api/ruminations/999999', language('es'))).json.title).toBe(
      'No se encontró la reflexión',
    );
  });

  it('answers field messages and a success’s message in Spanish', async () => {
    const body = { username: 'ana_es', email: 'not an email', password: '123' };
    const refused = await api('POST', '/api/auth/signup', { body, ...language('es') });
    expect(refused.status).toBe(400);
    expect(refused.json.errors).toEqual({
      email: ['El correo electrónico no es válido'],
      password: ['La contraseña debe tener al menos 6 caracteres'],
    });

    const created = await api('POST', '/api/auth/signup', {
      body: { username: 'ana_es', email: 'ana@example.com', password: 'quiet-lake-7' },
      ...language('es'),
    });
    expect(created.status).toBe(201);
    expect(created.json.message).toBe(
      'Cuenta creada. Revisa tu correo: te enviamos un enlace para activar tu cuenta.',
    );
    // The demo mailbox's subject, in the language of the sign-up.
    expect(outbox().at(-1)?.subject).toBe('Activa tu cuenta');
  });
});
