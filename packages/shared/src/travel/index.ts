export * from './coarsen.js';
export * from './gaps.js';
export * from './model.js';
