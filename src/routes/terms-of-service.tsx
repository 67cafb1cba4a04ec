import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { TermsOfServicePage } from '../features/terms/terms-of-service-page';

export const Route = createFileRoute('/terms-of-service')({
  staticData: { title: msg`Terms of Service` },
  component: TermsOfServicePage,
});
