import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { installMatchMedia } from './match-media';
import './msw';

beforeEach(() => {
  installMatchMedia({ dark: false });
  // jsdom has no scrolling; the router's scroll restoration calls this on every navigation.
  window.scrollTo = () => {};
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.documentElement.className = '';
  document.documentElement.removeAttribute('data-theme');
  document.documentElement.style.colorScheme = '';
});
