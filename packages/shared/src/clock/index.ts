export * from './format.js';
export * from './settings.js';
