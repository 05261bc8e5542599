import type { LatLng } from '@fieldplan/shared';
import type { ReactNode, Ref } from 'react';
import { useGetWorkspaceQuery } from '../../entities/workspace/endpoints';
import { PinPicker } from './PinPicker';
import { PlacesCombobox } from './PlacesCombobox';
import type { PlaceChoice } from './types';

interface PlaceFieldProps {
  workspaceId: string;
  label?: string;
  optional?: boolean;
  hint?: string;
  /** The address text and its field's wiring (a form's controller). */
  address: string;
  onAddressChange: (text: string) => void;
  onAddressBlur?: () => void;
  addressRef?: Ref<HTMLInputElement>;
  addressError?: string | undefined;
  /** The position; null (or out of range) shows no pin. */
  position: LatLng | null;
  onPositionChange: (position: LatLng) => void;
  /** Under the map: the coordinates as fields, so they can be typed and their errors shown. */
  children?: ReactNode;
}

const onGlobe = (p: LatLng | null): p is LatLng =>
  p !== null && Number.isFinite(p.lat) && Number.isFinite(p.lng) && Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180;

/**
 * An address field of the app (PRODUCT.md: one combobox for every address): suggestions from the
 * places search fill the address and the position; the pin under it sets the exact position.
 */
export function PlaceField(props: PlaceFieldProps) {
  const settings = useGetWorkspaceQuery(props.workspaceId);
  const position = onGlobe(props.position) ? props.position : null;
  return (
    <div className="place-field">
      <PlacesCombobox
        label={props.label ?? 'Address'}
        optional={props.optional}
        hint={props.hint ?? 'Choose a suggestion to fill the position, then drag the pin to the exact spot.'}
        value={props.address}
        onInputChange={props.onAddressChange}
        onBlur={props.onAddressBlur}
        ref={props.addressRef}
        error={props.addressError}
        onSelect={(choice: PlaceChoice) => props.onPositionChange({ lat: choice.lat, lng: choice.lng })}
        workspaceId={props.workspaceId}
        bias={settings.data?.map.center}
      />
      <PinPicker
        workspaceId={props.workspaceId}
        place={props.address}
        value={position}
        onChange={props.onPositionChange}
        height={200}
      />
      {props.children}
    </div>
  );
}
