export * from './ai/index.js';
export * from './agent/index.js';
