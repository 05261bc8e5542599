export * from './coarsen.js';
export * from './model.js';
