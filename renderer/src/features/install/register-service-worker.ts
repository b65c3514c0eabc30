/**
 * Registers the service worker (public/sw.js) so browsers offer installation. Production builds only: in
 * development it would serve stale modules to Vite's dev server.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // Not installable without it, but the site works the same.
    });
  });
}
