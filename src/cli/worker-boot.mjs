// Node cannot load TypeScript in a worker thread by itself: register tsx's loader, then load
// the real worker. (The browser's worker is bundled by Vite and needs no such step.)
import { register } from 'tsx/esm/api';

register();
await import('./sweep-worker.ts');
