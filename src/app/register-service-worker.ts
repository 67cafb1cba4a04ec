/**
 * Registers the app's service worker (vite-plugin-pwa builds it: src/service-worker/sw.ts) once the
 * page has loaded, so it never competes with the first screen. From the entry rather than the
 * plugin's registerSW.js: a script of its own was one more request and its headers on every first
 * visit. Built apps only; the demo's mock backend owns the worker scope there, and development has
 * no worker.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || import.meta.env.MODE === 'demo') return;
  if (!('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register('/sw.js', { scope: '/' });
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
