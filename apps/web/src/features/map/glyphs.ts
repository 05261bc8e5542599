import type { JobStatus } from '@fieldplan/shared';
import { textOn } from '../../lib/colour';

// Marker shapes drawn on a canvas: job sites (technician colour + status glyph), clusters,
// customers and home bases. Status is a glyph as well as a colour (DESIGN.md: never colour alone).

/** Colours that follow the theme (read from the CSS tokens of the map's container). */
export interface MapTheme {
  /** The dark theme is on (shapes' outlines are lightened to keep their contrast). */
  dark: boolean;
  surface: string;
  text: string;
  accent: string;
  danger: string;
  /** Drives too short for their gap (the routes of the day). */
  warning: string;
  cluster: string;
  customer: string;
}

export const lightTheme: MapTheme = {
  dark: false,
  surface: '#ffffff',
  text: '#1a1e24',
  accent: '#2352c2',
  danger: '#c42b1c',
  warning: '#8a5a00',
  cluster: '#334155',
  customer: '#5b6573',
};

export interface JobGlyph {
  kind: 'job';
  colour: string;
  status: JobStatus;
  outside: boolean;
  hovered: boolean;
  selected: boolean;
}
export interface ClusterGlyph {
  kind: 'cluster';
  count: number;
  /** The cluster's colour when all its sites share one technician, else neutral. */
  colour: string | null;
}
export interface CustomerGlyph {
  kind: 'customer';
  hovered: boolean;
}
export interface HomeGlyph {
  kind: 'home';
  colour: string;
}
export type Glyph = JobGlyph | ClusterGlyph | CustomerGlyph | HomeGlyph;

/** `hex` mixed with white (`amount` 0–1): outlines that stay visible on the dark map. */
export function tint(hex: string, amount: number): string {
  if (!/^#[0-9a-f]{6}$/i.test(hex)) return hex;
  const mix = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16);
    return Math.round(c + (255 - c) * amount)
      .toString(16)
      .padStart(2, '0');
  };
  return `#${mix(1)}${mix(3)}${mix(5)}`;
}

const inkCache = new Map<string, string>();
/** Black or white on `fill` (cached: thousands of glyphs share a dozen colours). */
function ink(fill: string): string {
  let colour = inkCache.get(fill);
  if (colour === undefined) {
    colour = textOn(fill);
    inkCache.set(fill, colour);
  }
  return colour;
}

const countLabel = (count: number) =>
  count >= 10_000 ? `${Math.round(count / 1000)}k` : String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** The radius a glyph occupies (its hit area too). */
export function glyphRadius(glyph: Glyph): number {
  switch (glyph.kind) {
    case 'job':
      return glyph.hovered || glyph.selected ? 11 : 9;
    case 'cluster':
      return Math.round(13 + 4 * Math.log10(Math.max(1, glyph.count)));
    case 'customer':
      return glyph.hovered ? 7 : 5.5;
    case 'home':
      return 10;
  }
}

function statusMark(ctx: CanvasRenderingContext2D, status: JobStatus, x: number, y: number, ink: string) {
  ctx.strokeStyle = ink;
  ctx.fillStyle = ink;
  ctx.lineWidth = 1.7;
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  ctx.beginPath();
  switch (status) {
    case 'scheduled': // a calendar sheet
      ctx.rect(x - 3.5, y - 2.5, 7, 6);
      ctx.moveTo(x - 3.5, y - 0.3);
      ctx.lineTo(x + 3.5, y - 0.3);
      ctx.stroke();
      return;
    case 'en_route': // an arrow
      ctx.moveTo(x - 4, y);
      ctx.lineTo(x + 3.5, y);
      ctx.moveTo(x + 0.5, y - 3);
      ctx.lineTo(x + 3.5, y);
      ctx.lineTo(x + 0.5, y + 3);
      ctx.stroke();
      return;
    case 'in_progress': // play
      ctx.moveTo(x - 2.5, y - 4);
      ctx.lineTo(x + 4, y);
      ctx.lineTo(x - 2.5, y + 4);
      ctx.closePath();
      ctx.fill();
      return;
    case 'completed': // a check
      ctx.moveTo(x - 3.5, y + 0.3);
      ctx.lineTo(x - 1, y + 3);
      ctx.lineTo(x + 3.8, y - 2.8);
      ctx.stroke();
      return;
    case 'cancelled': // struck through
      ctx.moveTo(x - 3.5, y + 3.5);
      ctx.lineTo(x + 3.5, y - 3.5);
      ctx.stroke();
      return;
    case 'unscheduled': // an inbox tray
      ctx.moveTo(x - 4, y - 1);
      ctx.lineTo(x - 4, y + 3);
      ctx.lineTo(x + 4, y + 3);
      ctx.lineTo(x + 4, y - 1);
      ctx.moveTo(x - 4, y + 0.5);
      ctx.lineTo(x - 1.5, y + 0.5);
      ctx.lineTo(x - 0.5, y + 1.5);
      ctx.lineTo(x + 0.5, y + 1.5);
      ctx.lineTo(x + 1.5, y + 0.5);
      ctx.lineTo(x + 4, y + 0.5);
      ctx.stroke();
      return;
  }
}

function circle(ctx: CanvasRenderingContext2D, x: number, y: number, r: number) {
  ctx.beginPath();
  ctx.arc(x, y, r, 0, Math.PI * 2);
}

/** A glyph's body: a filled disc with a ring of the map's surface colour, so touching glyphs stay apart. */
function disc(ctx: CanvasRenderingContext2D, x: number, y: number, r: number, fill: string, theme: MapTheme) {
  circle(ctx, x, y, r);
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.strokeStyle = theme.surface;
  ctx.stroke();
}

function drawJob(ctx: CanvasRenderingContext2D, g: JobGlyph, x: number, y: number, theme: MapTheme) {
  const r = glyphRadius(g);
  const faded = g.status === 'completed' || g.status === 'cancelled';
  const fill = g.status === 'cancelled' ? '#8a93a0' : g.colour;
  if (g.outside) {
    circle(ctx, x, y, r + 4);
    ctx.setLineDash([3, 2.5]);
    ctx.lineWidth = 2;
    ctx.strokeStyle = theme.danger;
    ctx.stroke();
    ctx.setLineDash([]);
  }
  if (g.selected || g.hovered) {
    circle(ctx, x, y, r + 2.5);
    ctx.lineWidth = g.selected ? 3 : 2;
    ctx.strokeStyle = g.selected ? theme.text : theme.accent;
    ctx.stroke();
  }
  ctx.globalAlpha = faded && !g.selected ? 0.6 : 1;
  disc(ctx, x, y, r, fill, theme);
  statusMark(ctx, g.status, x, y, ink(fill));
  ctx.globalAlpha = 1;
}

function drawCluster(ctx: CanvasRenderingContext2D, g: ClusterGlyph, x: number, y: number, theme: MapTheme) {
  const r = glyphRadius(g);
  const fill = g.colour ?? theme.cluster;
  circle(ctx, x, y, r + 3);
  ctx.globalAlpha = 0.25;
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.globalAlpha = 1;
  disc(ctx, x, y, r, fill, theme);
  ctx.fillStyle = ink(fill);
  ctx.font = `600 ${g.count >= 1000 ? 10 : 11}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(countLabel(g.count), x, y + 0.5);
}

function drawCustomer(ctx: CanvasRenderingContext2D, g: CustomerGlyph, x: number, y: number, theme: MapTheme) {
  const r = glyphRadius(g);
  ctx.beginPath();
  ctx.moveTo(x, y - r);
  ctx.lineTo(x + r, y);
  ctx.lineTo(x, y + r);
  ctx.lineTo(x - r, y);
  ctx.closePath();
  ctx.fillStyle = theme.customer;
  ctx.fill();
  ctx.lineWidth = 1.5;
  ctx.strokeStyle = theme.surface;
  ctx.stroke();
}

function drawHome(ctx: CanvasRenderingContext2D, g: HomeGlyph, x: number, y: number, theme: MapTheme) {
  ctx.beginPath();
  ctx.moveTo(x, y - 10);
  ctx.lineTo(x + 9, y - 2);
  ctx.lineTo(x + 7, y - 2);
  ctx.lineTo(x + 7, y + 8);
  ctx.lineTo(x - 7, y + 8);
  ctx.lineTo(x - 7, y - 2);
  ctx.lineTo(x - 9, y - 2);
  ctx.closePath();
  ctx.fillStyle = g.colour;
  ctx.fill();
  ctx.lineWidth = 2;
  ctx.lineJoin = 'round';
  ctx.strokeStyle = theme.surface;
  ctx.stroke();
  ctx.fillStyle = ink(g.colour);
  ctx.fillRect(x - 2, y + 2, 4, 6);
}

/**
 * Draws one glyph. Each shape sets every canvas property it uses, so no save()/restore() pair is
 * needed (they were the biggest cost of a redraw with thousands of points).
 */
export function drawGlyph(ctx: CanvasRenderingContext2D, glyph: Glyph, x: number, y: number, theme: MapTheme) {
  switch (glyph.kind) {
    case 'job':
      drawJob(ctx, glyph, x, y, theme);
      break;
    case 'cluster':
      drawCluster(ctx, glyph, x, y, theme);
      break;
    case 'customer':
      drawCustomer(ctx, glyph, x, y, theme);
      break;
    case 'home':
      drawHome(ctx, glyph, x, y, theme);
      break;
  }
  ctx.globalAlpha = 1;
  ctx.setLineDash([]);
}
