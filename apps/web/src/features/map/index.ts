/** What other features may use of map; everything else here is its own. */
export { BaseLayers } from './BaseLayers';
export { baseLayerOptions } from './base-layers';
export { FieldMap } from './FieldMap';
export { defaultPinIcon } from './FoundPlace';
export { JobPopupContent } from './JobPopup';
export { FitToGeometry } from './MapFit';
export { MapStatusActions } from './MapStatusActions';
export { canvasFor, useFieldMapContext } from './map-context';
export { dayRoutes, homeBasesOf, jobsOnMap, toMapJobs, withTravel } from './map-data';
export { areaShape, areaStyle } from './ShapeLayers';
export type { BaseLayerOption, LayerVisibility, MapCustomer, MapJob } from './types';
