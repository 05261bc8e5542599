/** Travel: legs between visits, slot suggestions and the day optimiser. */

export { travelProviderOf } from './context.js';
export type { TravelProvider } from './provider.js';
export { travelRoutes } from './routes.js';
export { SharedSlotReads, type SiteSlotSearch, type SiteSlots, siteSlotFits, suggestForSite } from './site-slots.js';
