import type { LatLng } from '@fieldplan/shared';
import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../test/fake-api';
import { workspace, workspaceId } from '../../test/fixtures';
import { renderWithStore } from '../../test/render';
import { PinPicker } from './PinPicker';

function Harness({
  onChange,
  onConfirm,
  start = null,
}: {
  onChange: (p: LatLng) => void;
  onConfirm?: () => void;
  start?: LatLng | null;
}) {
  const [value, setValue] = useState<LatLng | null>(start);
  return (
    <PinPicker
      workspaceId={workspaceId}
      value={value}
      {...(onConfirm && { onConfirm })}
      onChange={(p) => {
        setValue(p);
        onChange(p);
      }}
    />
  );
}

describe('PinPicker', () => {
  it('starts without a pin, and drops one at the map centre from the keyboard', async () => {
    const fetch = fakeFetch({
      'GET /config': { version: 'test', demo: false },
      [`GET /workspaces/${workspaceId}`]: workspace,
    });
    const onChange = vi.fn();
    const { user } = renderWithStore(<Harness onChange={onChange} />, fetch);
    expect(await screen.findByText('No position yet')).toBeInTheDocument();
    // The map is a lazy chunk: it may come in after the text above.
    expect(await screen.findByRole('region', { name: 'Position on the map' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Pin the map centre' }));
    const { lat, lng } = workspace.map.center;
    expect(onChange).toHaveBeenCalledWith({ lat, lng });
    expect(screen.getByText(`${lat.toFixed(5)}, ${lng.toFixed(5)}`)).toBeInTheDocument();
    // The pin is Leaflet's default marker, its image imported through Vite.
    expect(await screen.findByRole('button', { name: 'Site position' })).toBeInTheDocument();
  });

  it('moves the pin with the arrow keys and confirms it with Enter', async () => {
    const fetch = fakeFetch({
      'GET /config': { version: 'test', demo: false },
      [`GET /workspaces/${workspaceId}`]: workspace,
    });
    const onChange = vi.fn();
    const onConfirm = vi.fn();
    const start = { lat: 52.5, lng: 13.4 };
    const { user } = renderWithStore(<Harness onChange={onChange} onConfirm={onConfirm} start={start} />, fetch);
    const pin = await screen.findByRole('button', { name: 'Site position' });
    pin.focus();
    await user.keyboard('{ArrowRight}');
    const east = onChange.mock.lastCall?.[0] as LatLng;
    expect(east.lat).toBeCloseTo(start.lat, 6);
    expect(east.lng).toBeGreaterThan(start.lng);
    await user.keyboard('{ArrowUp}');
    const north = onChange.mock.lastCall?.[0] as LatLng;
    expect(north.lat).toBeGreaterThan(start.lat);
    expect(north.lng).toBe(east.lng);
    expect(onConfirm).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
