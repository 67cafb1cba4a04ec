/**
 * Version 1.0 of the Terms of Service (spec section 2: eleven sections). One text for the static
 * /terms-of-service page, the mock backend's seed and the server's seed, so they cannot drift.
 */
export const TERMS_V1_VERSION = '1.0';

export const TERMS_V1_MARKDOWN = `# Terms of Service

These terms govern your use of Ruminations, a service for writing short personal notes and sharing
them with the people you choose.

## 1. Acceptance of Terms

By creating an account or using Ruminations you agree to be bound by these Terms of Service. If you
do not agree, do not use the service.

## 2. Age Requirement

You must be at least 13 years old to use Ruminations. By using the service you confirm that you are
at least 13 years of age.

## 3. Description of the Service

Ruminations lets you write short personal notes ("ruminations"), keep them as drafts or publish them,
share them with audiences defined by your relationships (Acquaintance, Family, Friend, Best Friend,
Partner, Therapist), comment on them and manage your relationships with other users.

## 4. User Accounts

You are responsible for keeping your password confidential and for all activity under your account.
Give accurate information when you sign up, and tell us promptly about any unauthorised use of your
account.

## 5. Acceptable Use

Do not use Ruminations to post content that is unlawful, harassing, threatening, hateful or that
infringes the rights of others. Do not try to access other users' accounts or notes without
permission, or interfere with the service or its security.

## 6. Privacy

Your ruminations are visible only to the audiences you choose: a published rumination without
audiences is public, drafts are visible to you alone. We collect only the data needed to run the
service and do not sell your personal information.

## 7. Content Ownership

You keep ownership of the content you post. You grant Ruminations a limited licence to store,
display and transmit it to the audiences you choose, solely to operate the service.

## 8. Service Availability

We aim to keep Ruminations available but do not guarantee uninterrupted access. We may change,
suspend or discontinue features at any time.

## 9. Limitation of Liability

Ruminations is provided "as is", without warranties of any kind. To the extent permitted by law, we
are not liable for indirect, incidental or consequential damages arising from your use of the
service.

## 10. Changes to These Terms

We may update these terms from time to time. When we do, we will publish a new version and ask you
to review and accept it before you continue using the service.

## 11. Contact

Questions about these terms? Contact us at [support@ruminations.example](mailto:support@ruminations.example).
`;
