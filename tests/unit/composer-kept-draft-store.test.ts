import 'fake-indexeddb/auto';
import { createStore, keys } from 'idb-keyval';
import { afterEach, describe, expect, test, vi } from 'vitest';
import {
  forgetAllKeptDrafts,
  forgetKeptDraft,
  forgetOthersKeptDrafts,
  keepDraft,
  keptDraftKey,
  loadKeptDraft,
  memoryBackend,
  setKeptDraftBackend,
  type KeptDraftBackend,
} from '../../src/features/composer/kept-draft-store';

/*
 * The composer's kept copies (issue 24): per account and composer, in IndexedDB when the browser
 * has it (fake-indexeddb here), through any backend given; signing out deletes them all, and a
 * failing store is only logged.
 */

afterEach(() => setKeptDraftBackend(null));

const value = { values: { content: 'Half a thought', audiences: ['Family'] }, baseVersion: 3 };

describe('kept drafts', () => {
  test('in IndexedDB: kept per account and composer, read back, forgotten, all gone at sign-out', async () => {
    await keepDraft(1, 'new', value);
    await keepDraft(1, 'edit:40', { values: { content: 'An edit', audiences: [] } });
    await keepDraft(2, 'new', { values: { content: 'Someone else', audiences: [] } });

    expect(await loadKeptDraft(1, 'new')).toEqual(value);
    expect(await loadKeptDraft(2, 'edit:40')).toBeUndefined();
    const store = createStore('ruminations-composer', 'drafts');
    expect((await keys(store)).sort()).toEqual([
      'composer:1:edit:40',
      'composer:1:new',
      'composer:2:new',
    ]);

    await forgetKeptDraft(1, 'edit:40');
    expect(await loadKeptDraft(1, 'edit:40')).toBeUndefined();

    // Account 1 opens a composer: account 2's copy does not stay behind (no sign-out between).
    await forgetOthersKeptDrafts(1);
    expect(await keys(store)).toEqual(['composer:1:new']);
    await keepDraft(2, 'new', value);

    await forgetAllKeptDrafts();
    expect(await keys(store)).toEqual([]);
  });

  test('through an injected backend, keyed by account and composer', async () => {
    const backend = memoryBackend();
    setKeptDraftBackend(backend);
    await keepDraft(7, 'edit:9', value);
    expect(await backend.keys()).toEqual([keptDraftKey(7, 'edit:9')]);
    expect(keptDraftKey(7, 'edit:9')).toBe('composer:7:edit:9');
    // A copy, not the object typed into.
    expect(await loadKeptDraft(7, 'edit:9')).not.toBe(value);
    await forgetAllKeptDrafts();
    expect(await backend.keys()).toEqual([]);
  });

  test('a store that fails is logged and reads as nothing kept', async () => {
    const broken: KeptDraftBackend = {
      get: () => Promise.reject(new Error('blocked')),
      set: () => Promise.reject(new Error('quota')),
      del: () => Promise.reject(new Error('blocked')),
      keys: () => Promise.reject(new Error('blocked')),
    };
    setKeptDraftBackend(broken);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await expect(keepDraft(1, 'new', value)).resolves.toBeUndefined();
    await expect(loadKeptDraft(1, 'new')).resolves.toBeUndefined();
    await expect(forgetAllKeptDrafts()).resolves.toBeUndefined();
    expect(errors).toHaveBeenCalledTimes(3);
  });
});
