// Placeholder until scripts/i18n/shared-strings.ts writes it.
export {};
