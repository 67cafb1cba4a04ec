import { describe, expect, it } from 'vitest';
import { firstSpoken, languageOfAcceptLanguage, textDirection } from '../../../src/api/languages';

describe('the language of a request or a browser', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['es-ES,es;q=0.9,en;q=0.8', 'es'],
    ['ar-EG', 'ar'],
    ['fr-FR,fr;q=0.9', 'en'],
    ['fr-FR,ar;q=0.5,es;q=0.7', 'es'],
    ['en;q=0.1, es;q=0.2', 'es'],
    ['*', 'en'],
    ['es;q=0, ar', 'ar'],
    ['ES', 'es'],
  ] as const)('Accept-Language %j speaks %s', (header, language) => {
    expect(languageOfAcceptLanguage(header)).toBe(language);
  });

  it("takes the browser's first language the app has, else English", () => {
    expect(firstSpoken(['de-DE', 'es-MX', 'ar'])).toBe('es');
    expect(firstSpoken(['de', 'fr'])).toBe('en');
    expect(firstSpoken([])).toBe('en');
  });

  it('writes Arabic right to left and the others left to right', () => {
    expect(textDirection('ar')).toBe('rtl');
    expect(textDirection('es')).toBe('ltr');
    expect(textDirection('en')).toBe('ltr');
  });
});
