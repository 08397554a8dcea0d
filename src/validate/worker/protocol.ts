/** Messages between the server and a validation worker: plain data only (structured clone). */
import type { ErrorCode } from '../../core/errors.js';
import type { ProgressUpdate } from '../../core/progress.js';
import type { ValidateOptions, ValidationSummary } from '../validate-package.js';

export interface ValidationRequest {
  id: number;
  path: string;
  options: ValidateOptions;
}

export type ValidationReply =
  /** How far the validation got (any number of these before the final reply). */
  | { id: number; progress: ProgressUpdate }
  | { id: number; ok: true; summary: ValidationSummary }
  | {
      id: number;
      ok: false;
      error: { code: ErrorCode | null; message: string; details?: Record<string, unknown> };
    };
