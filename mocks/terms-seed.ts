/**
 * The text of terms version 1.0 seeded into the mock backend. Placeholder until the SPA's own
 * terms text module exists; then this re-reads that one, so demo and app show the same words.
 */
export const MOCK_TERMS_V1_MARKDOWN = `# Terms of Service

Version 1.0.

By using Ruminations you agree to these terms. You must be at least 13 years old.
`;
