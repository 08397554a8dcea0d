/**
 * Worker entry of the syntax pre-check (syntax-precheck.ts): claims package scripts from the shared
 * counter and reports which compile in V8 without any fact, exactly as the in-thread check would, and
 * what each loads.
 * Nothing here runs course code: compiling does not execute.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { claimAndCheck, type PrecheckReply, type PrecheckRequest } from './syntax-precheck.js';

parentPort?.postMessage(claimAndCheck(workerData as PrecheckRequest) satisfies PrecheckReply);
