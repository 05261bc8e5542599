export * from './contains.js';
export * from './distance.js';
export * from './route.js';
export { firstCrossing, pointInRing, ringArea2 } from './topology.js';
export * from './types.js';
export * from './validate.js';
