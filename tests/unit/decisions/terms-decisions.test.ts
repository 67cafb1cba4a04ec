import { describe, expect, it } from 'vitest';
import {
  decideCurrentTerms,
  decideTermsAcceptance,
  TERMS_PROBLEMS,
  termsStanding,
} from '../../../src/domain/terms-decisions';

/** The shared rules of the Terms of Service, which the server and the mock backend both settle. */

const refusalOf = (decision: { ok: boolean; refusal?: unknown }) =>
  decision.ok ? undefined : decision.refusal;

describe('the current terms', () => {
  it('are 404 while none have been published', () => {
    expect(refusalOf(decideCurrentTerms(undefined))).toEqual({
      status: 404,
      title: 'No Terms of Service have been published',
    });
    const terms = { version: '1.0', content: '# Terms', createdAt: '2026-01-01T00:00:00.000Z' };
    expect(decideCurrentTerms(terms)).toEqual({ ok: true, value: terms });
  });
});

describe('where a person stands', () => {
  it('requires nothing while no terms are published', () => {
    expect(termsStanding(null, false)).toEqual({
      requiresAcceptance: false,
      hasAcceptedLatest: true,
      currentVersion: null,
    });
  });

  it('requires the current version until it is accepted', () => {
    expect(termsStanding('2.0', false)).toEqual({
      requiresAcceptance: true,
      hasAcceptedLatest: false,
      currentVersion: '2.0',
    });
    expect(termsStanding('2.0', true)).toEqual({
      requiresAcceptance: false,
      hasAcceptedLatest: true,
      currentVersion: '2.0',
    });
  });
});

describe('accepting', () => {
  it('only the current version (409, saying which one is current)', () => {
    const facts = { currentVersion: '2.0', acceptedAt: undefined };
    expect(refusalOf(decideTermsAcceptance(facts, '1.0'))).toEqual({
      ...TERMS_PROBLEMS.notCurrent,
      detail: 'The current version is 2.0.',
    });
    expect(TERMS_PROBLEMS.notCurrent.title).toBe(
      'Only the current Terms of Service can be accepted',
    );
  });

  it('nothing while none are published (409 without a detail)', () => {
    const facts = { currentVersion: undefined, acceptedAt: undefined };
    expect(refusalOf(decideTermsAcceptance(facts, '1.0'))).toBe(TERMS_PROBLEMS.notCurrent);
  });

  it('records a first acceptance', () => {
    const facts = { currentVersion: '2.0', acceptedAt: undefined };
    expect(decideTermsAcceptance(facts, '2.0')).toEqual({
      ok: true,
      value: { record: true, version: '2.0' },
    });
  });

  it('twice keeps the first acceptance', () => {
    const facts = { currentVersion: '2.0', acceptedAt: '2026-02-01T00:00:00.000Z' };
    expect(decideTermsAcceptance(facts, '2.0')).toEqual({
      ok: true,
      value: { record: false, version: '2.0', acceptedAt: '2026-02-01T00:00:00.000Z' },
    });
  });
});
