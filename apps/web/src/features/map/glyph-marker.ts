import L from 'leaflet';
import { drawGlyph, type Glyph, glyphRadius, type MapTheme } from './glyphs';

/** The parts of Leaflet's canvas renderer a custom shape draws with (not in its public types). */
interface CanvasInternals {
  _drawing: boolean;
  _ctx: CanvasRenderingContext2D;
  _updateCircle(layer: L.CircleMarker): void;
}

/**
 * A point drawn by Leaflet's canvas renderer as one of our glyphs: thousands cost no DOM nodes,
 * and Leaflet still hit-tests it (its radius), fires mouse events and anchors tooltips.
 */
export class GlyphMarker extends L.CircleMarker {
  constructor(
    latlng: L.LatLngExpression,
    public glyph: Glyph,
    public theme: MapTheme,
    options: L.CircleMarkerOptions = {},
  ) {
    super(latlng, { ...options, radius: glyphRadius(glyph), stroke: false, fill: true, bubblingMouseEvents: false });
  }

  /** Changes how the point looks (hover, selection, status) and redraws it. */
  setGlyph(glyph: Glyph, theme: MapTheme = this.theme): void {
    this.glyph = glyph;
    this.theme = theme;
    this.setRadius(glyphRadius(glyph));
    this.redraw();
  }

  // The drawn glyph reaches past the hit radius (rings, halos): widen the area the renderer repaints.
  _updateBounds(): void {
    const self = this as unknown as { _point: L.Point; _radius: number; _pxBounds: L.Bounds };
    const pad = self._radius + 7;
    self._pxBounds = L.bounds(self._point.subtract([pad, pad]), self._point.add([pad, pad]));
  }

  // Called by the renderer for every redraw (Leaflet's CircleMarker calls `_renderer._updateCircle`).
  _updatePath(): void {
    const renderer = (this as unknown as { _renderer: CanvasInternals })._renderer;
    if (!(renderer instanceof L.Canvas)) {
      renderer._updateCircle(this);
      return;
    }
    const internals = renderer as unknown as CanvasInternals;
    const point = (this as unknown as { _point?: L.Point })._point;
    if (!internals._drawing || !point) return;
    drawGlyph(internals._ctx, this.glyph, point.x, point.y, this.theme);
  }
}
