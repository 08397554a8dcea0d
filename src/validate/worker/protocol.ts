/** Messages between the server and a validation worker: plain data only (structured clone). */
import type { ErrorCode } from '../../core/errors.js';
import type { ValidateOptions, ValidationSummary } from '../validate-package.js';

export interface ValidationRequest {
  id: number;
  path: string;
  options: ValidateOptions;
}

export type ValidationReply =
  | { id: number; ok: true; summary: ValidationSummary }
  | {
      id: number;
      ok: false;
      error: { code: ErrorCode | null; message: string; details?: Record<string, unknown> };
    };
