// Node cannot load TypeScript in a worker thread by itself: register tsx's loader, then load
// the counter worker (see worker-boot.mjs).
import { register } from 'tsx/esm/api';

register();
await import('./counter-worker.ts');
