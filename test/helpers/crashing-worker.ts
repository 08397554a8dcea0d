/** A stand-in validation worker that dies on its first request: proves the pool survives a crash. */
import { parentPort } from 'node:worker_threads';

parentPort?.on('message', () => {
  throw new Error('simulated crash of a validation worker');
});
