// The entry of every worker thread of the service when it runs from TypeScript sources: registers tsx's
// loader in this thread, then loads the worker module named in `workerData.entry`. (A loader named in a
// worker's execArgv is not applied to the worker's own entry module on Node 20.)
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
