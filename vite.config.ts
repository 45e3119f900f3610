// Vite serves and builds the static page; Vitest (same config) runs tests/ in Node.
import { VitePWA } from 'vite-plugin-pwa';
import { defineConfig } from 'vitest/config';

/**
 * Offline after one visit (issue 29): a Workbox service worker precaches the page, its workers
 * and everything they import (the WebAssembly kernels travel inside them as base64), and a
 * manifest makes the lab installable. Every URL stays relative, like `base: './'`, so one build
 * works from any host at any path: the worker's scope is the folder it is served from.
 */
const offline = VitePWA({
  // src/app/browser/offline.ts registers the worker and says when a new version has been installed.
  injectRegister: false,
  // A new worker takes over as soon as it is installed; the page keeps running the code it
  // loaded, and the next load is the new version (offline.ts says so, quietly).
  registerType: 'autoUpdate',
  // The icons and the favicon are precached by workbox.globPatterns, once each.
  includeManifestIcons: false,
  manifest: {
    name: 'B-Heap Lab',
    short_name: 'B-Heap Lab',
    description:
      "Kamp's B-heap against the binary heap over a simulated virtual memory, step by step",
    lang: 'en',
    start_url: './',
    scope: './',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: '#1f4e79',
    icons: [
      { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: 'icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      { src: 'favicon.svg', sizes: 'any', type: 'image/svg+xml' },
    ],
  },
  workbox: {
    globPatterns: ['**/*.{js,css,html,svg,png}'],
    // Every link of the lab is index.html with a query (?tour=3, ?items=…): offline, each is
    // answered with the cached page, which reads its query as it does online.
    navigateFallback: 'index.html',
    cleanupOutdatedCaches: true,
    // registerType 'autoUpdate' sets these only when the plugin registers the worker itself.
    skipWaiting: true,
    clientsClaim: true,
    sourcemap: false,
  },
});

export default defineConfig(({ mode }) => ({
  base: './',
  build: {
    target: 'es2022',
    sourcemap: true,
    // Workbox writes the service worker after the bundle, for several seconds, which Rolldown
    // would report on every build as a slow plugin.
    rolldownOptions: { checks: { bundlerTimings: false } },
  },
  worker: { format: 'es' },
  server: { port: 5173, strictPort: false },
  preview: { port: 4173 },
  // The unit tests (Vitest's mode) need no service worker.
  plugins: mode === 'test' ? [] : [offline],
  test: {
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
}));
