import { msg } from '@lingui/core/macro';
import { createFileRoute } from '@tanstack/react-router';
import { TermsAcceptanceScreen } from '../../features/terms/terms-acceptance-screen';

export const Route = createFileRoute('/_auth/terms-acceptance')({
  staticData: { title: msg`Terms of Service update` },
  component: TermsAcceptanceScreen,
});
