export * from './browser-pool.js';
export * from './chromium.js';
export * from './content-server.js';
export * from './course-runtime.js';
export * from './launch-check.js';
export * from './records.js';
export * from './runtime-log.js';
export * from './viewport.js';
