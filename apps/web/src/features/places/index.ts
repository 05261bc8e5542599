/** What other features may use of places; everything else here is its own. */
export { PinPicker } from './PinPicker';
export { PlaceField } from './PlaceField';
export { PlacesCombobox } from './PlacesCombobox';
export type { PlaceChoice } from './types';
