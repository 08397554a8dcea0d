export * from './navigation-oracle.js';
export * from './rte-init.js';
export * from './from-manifest.js';
