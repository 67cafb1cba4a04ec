import { http, HttpResponse } from 'msw';
import { beforeAll, describe, expect, test } from 'vitest';
import { server } from '../../../mocks/node';
import { renderApp } from '../../support/render-app';

const SECTIONS = [
  '1. Acceptance of Terms',
  '2. Age Requirement',
  '3. Description of the Service',
  '4. User Accounts',
  '5. Acceptable Use',
  '6. Privacy',
  '7. Content Ownership',
  '8. Service Availability',
  '9. Limitation of Liability',
  '10. Changes to These Terms',
  '11. Contact',
];

// The Markdown renderer is loaded lazily; its first, cold import is transformed on the fly and can
// outlast findBy's wait when the whole suite loads both cores. Once up front keeps the test about
// the page.
beforeAll(async () => {
  await import('../../../src/features/terms/terms-markdown');
}, 60_000);

describe('/terms-of-service', () => {
  test('shows the eleven sections, including the minimum age of 13, to anyone', async () => {
    const app = await renderApp('/terms-of-service');
    for (const section of SECTIONS) {
      expect(await app.findByRole('heading', { name: section })).toBeInTheDocument();
    }
    expect(app.getByText(/at least 13 years old/)).toBeInTheDocument();
    expect(app.getByText(/Version 1\.0/)).toBeInTheDocument();
  });

  test('still shows the terms shipped with the app when the server cannot answer', async () => {
    server.use(http.get('*/api/TermsOfService/current', () => HttpResponse.error()));
    const app = await renderApp('/terms-of-service');
    expect(await app.findByRole('heading', { name: '11. Contact' })).toBeInTheDocument();
    expect(app.getByRole('link', { name: 'support@ruminations.example' })).toHaveAttribute(
      'href',
      'mailto:support@ruminations.example',
    );
  });
});
