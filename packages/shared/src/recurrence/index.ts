export * from './dates.js';
export * from './edit.js';
export * from './expand.js';
export * from './fast-rule.js';
export * from './rule.js';
export * from './summary.js';
export * from './validate.js';
export * from './zone.js';
