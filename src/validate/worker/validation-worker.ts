/**
 * The validation worker: runs one validation at a time for the server and sends back what it found as
 * plain data. It lives as long as the server, so the compiled XSD schema sets and the JIT stay warm.
 * Extracted zips go under the tempRoot the server passes, and the server removes that folder, even when
 * it had to terminate this worker.
 */
import { parentPort } from 'node:worker_threads';
import { isScormTesterError } from '../../core/errors.js';
import type { ProgressUpdate } from '../../core/progress.js';
import { validatePackage } from '../validate-package.js';
import type { ValidationReply, ValidationRequest } from './protocol.js';

const port = parentPort;
if (!port) throw new Error('validation-worker.js runs only as a worker thread');

port.on('message', (request: ValidationRequest) => {
  const progress = (update: ProgressUpdate): void => port.postMessage({ id: request.id, progress: update });
  void answer(request, progress).then((reply) => {
    try {
      port.postMessage(reply);
    } catch (error) {
      // Details that cannot be cloned must not lose the answer.
      port.postMessage(failure(request.id, error));
    }
  });
});

async function answer(
  { id, path, options }: ValidationRequest,
  progress: (update: ProgressUpdate) => void,
): Promise<ValidationReply> {
  try {
    // No cleanup here: a report may still read the extracted files; the server removes options.tempRoot.
    const {
      parsed: _parsed,
      cleanup: _cleanup,
      ...summary
    } = await validatePackage(path, options, {
      progress,
    });
    return { id, ok: true, summary };
  } catch (error) {
    return failure(id, error);
  }
}

function failure(id: number, error: unknown): ValidationReply {
  if (isScormTesterError(error)) {
    return { id, ok: false, error: { code: error.code, message: error.message, details: error.details } };
  }
  return { id, ok: false, error: { code: null, message: (error as Error)?.message ?? String(error) } };
}
