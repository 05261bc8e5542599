import type { LatLng } from '@fieldplan/shared';
import { type ReactNode, type Ref, useId, useState } from 'react';
import { Button } from '../../components/Button';
import { useGetWorkspaceQuery } from '../../entities/workspace/endpoints';
import { Message, useIntl } from '../../lib/i18n';
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
  /** A problem with the position (the server's or the form's), shown beside "Adjust pin". */
  positionError?: string | undefined;
  /** Under the address: offers about it (shown whether the pin is open or not). */
  children?: ReactNode;
}

const onGlobe = (p: LatLng | null): p is LatLng =>
  p !== null && Number.isFinite(p.lat) && Number.isFinite(p.lng) && Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180;

/**
 * An address field of the app (docs/PRODUCT.md: one combobox for every address): suggestions from
 * the places search fill the address and the position; "Adjust pin" opens a map to set the exact
 * spot (no coordinates to type, so no coordinate errors on fields nobody touched).
 */
export function PlaceField(props: PlaceFieldProps) {
  const intl = useIntl();
  const settings = useGetWorkspaceQuery(props.workspaceId);
  const position = onGlobe(props.position) ? props.position : null;
  const pinId = useId();
  const errorId = useId();
  const [open, setOpen] = useState(false);
  // How close the pin map shows the chosen place: a street up close, a city from afar.
  const [zoom, setZoom] = useState<number | undefined>(undefined);
  const toggleId = useId();
  const close = () => {
    setOpen(false);
    document.getElementById(toggleId)?.focus();
  };
  return (
    <div className="place-field">
      <PlacesCombobox
        label={props.label ?? intl.formatMessage({ id: 'places.field.address' })}
        optional={props.optional}
        hint={props.hint ?? intl.formatMessage({ id: 'places.field.hint' })}
        value={props.address}
        onInputChange={props.onAddressChange}
        onBlur={props.onAddressBlur}
        ref={props.addressRef}
        error={props.addressError}
        onSelect={(choice: PlaceChoice) => {
          setZoom(choice.zoom);
          props.onPositionChange({ lat: choice.lat, lng: choice.lng });
        }}
        workspaceId={props.workspaceId}
        bias={settings.data?.map.center}
      />
      {props.children}
      <div className="place-pin">
        {/* The exact position as the data element's machine-readable value. */}
        <data className="place-pin-at" value={position ? `${position.lat},${position.lng}` : ''}>
          {position ? (
            <Message id="places.field.pinAt" values={{ lat: position.lat.toFixed(5), lng: position.lng.toFixed(5) }} />
          ) : (
            <Message id="places.field.noPin" />
          )}
        </data>
        <Button
          id={toggleId}
          size="sm"
          icon="map"
          aria-expanded={open}
          aria-controls={pinId}
          aria-describedby={props.positionError ? errorId : undefined}
          onClick={() => setOpen(!open)}
        >
          {open ? <Message id="places.field.done" /> : <Message id="places.field.adjustPin" />}
        </Button>
      </div>
      {props.positionError && (
        <p className="field-error" id={errorId}>
          {props.positionError}
        </p>
      )}
      <div id={pinId} hidden={!open}>
        {open && (
          <PinPicker
            workspaceId={props.workspaceId}
            place={props.address}
            value={position}
            onChange={props.onPositionChange}
            onConfirm={close}
            zoom={zoom}
            height={220}
          />
        )}
      </div>
    </div>
  );
}
