import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { noticeAnswer } from '../../src/lib/connectivity';
import { activate } from '../../src/lib/i18n/runtime';
import { dismissAllToasts } from '../../src/lib/toasts';
import { installMatchMedia } from './match-media';

// Whole-app renders on the real route tree are slow on a loaded 2-core CI machine: give findBy/waitFor
// and each test room, so a slow machine does not read as a broken screen.
configure({ asyncUtilTimeout: 5_000 });
vi.setConfig({ testTimeout: 20_000 });

beforeEach(() => {
  installMatchMedia({ dark: false });
  // The test DOM does not scroll; the router's scroll restoration calls this on every navigation.
  window.scrollTo = () => {};
});

afterEach(() => {
  cleanup();
  // A test's network failure takes the app offline (src/lib/connectivity.ts); the next starts online.
  noticeAnswer();
  // Notices live in a module of their own (src/lib/toasts.ts), beside any one render: the next
  // test, or the next file in this worker, starts with none.
  dismissAllToasts();
  localStorage.clear();
  document.documentElement.className = '';
  document.documentElement.removeAttribute('data-theme');
  document.documentElement.style.colorScheme = '';
  // A test that spoke Spanish or Arabic leaves English to the next (the language is module state).
  activate('en', {});
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
});
