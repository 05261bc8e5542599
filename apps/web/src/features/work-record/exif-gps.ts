// Where a camera JPEG was taken, read from its EXIF (docs/PRODUCT.md, "Work record"): the photo is
// re-encoded on the phone, which drops all EXIF, so when the workspace keeps photo locations the position
// is read here and sent with the create call. Only the GPS IFD of the APP1/TIFF block is read; anything
// malformed or missing gives null rather than a guess.

/** The JPEG's first bytes are enough: APP1 comes before the image data and is at most 64 KB. */
export const exifHeadBytes = 128 * 1024;

const TAG_GPS_IFD = 0x8825;
const GPS_LAT_REF = 1;
const GPS_LAT = 2;
const GPS_LNG_REF = 3;
const GPS_LNG = 4;
const TYPE_ASCII = 2;
const TYPE_RATIONAL = 5;

interface Tiff {
  view: DataView;
  start: number;
  little: boolean;
}

const u16 = (t: Tiff, at: number) => t.view.getUint16(t.start + at, t.little);
const u32 = (t: Tiff, at: number) => t.view.getUint32(t.start + at, t.little);

/** The entries of the IFD at `offset` (from the TIFF header) as tag → entry offset. */
function entries(t: Tiff, offset: number): Map<number, number> {
  const found = new Map<number, number>();
  const count = u16(t, offset);
  for (let i = 0; i < count; i++) {
    const entry = offset + 2 + i * 12;
    found.set(u16(t, entry), entry);
  }
  return found;
}

/** Degrees from three RATIONALs (degrees, minutes, seconds); null when any denominator is 0. */
function degrees(t: Tiff, entry: number | undefined): number | null {
  if (entry === undefined || u16(t, entry + 2) !== TYPE_RATIONAL || u32(t, entry + 4) < 3) return null;
  const at = u32(t, entry + 8);
  let value = 0;
  for (let i = 0; i < 3; i++) {
    const num = u32(t, at + i * 8);
    const den = u32(t, at + i * 8 + 4);
    if (den === 0) return null;
    value += num / den / 60 ** i;
  }
  return value;
}

/** 'N', 'S', 'E' or 'W': an ASCII value of at most 4 bytes sits in the entry itself. */
function ref(t: Tiff, entry: number | undefined): string | null {
  if (entry === undefined || u16(t, entry + 2) !== TYPE_ASCII) return null;
  return String.fromCharCode(t.view.getUint8(t.start + entry + 8));
}

function gpsOfTiff(t: Tiff): { lat: number; lng: number } | null {
  if (u16(t, 2) !== 42) return null;
  const gpsEntry = entries(t, u32(t, 4)).get(TAG_GPS_IFD);
  if (gpsEntry === undefined) return null;
  const gps = entries(t, u32(t, gpsEntry + 8));
  const lat = degrees(t, gps.get(GPS_LAT));
  const lng = degrees(t, gps.get(GPS_LNG));
  const latRef = ref(t, gps.get(GPS_LAT_REF));
  const lngRef = ref(t, gps.get(GPS_LNG_REF));
  if (lat === null || lng === null || !latRef || !lngRef) return null;
  const signedLat = latRef === 'S' ? -lat : lat;
  const signedLng = lngRef === 'W' ? -lng : lng;
  // A camera without a fix may write zeros or nonsense: only a position on the globe counts.
  if (Math.abs(signedLat) > 90 || Math.abs(signedLng) > 180 || (signedLat === 0 && signedLng === 0)) return null;
  return { lat: signedLat, lng: signedLng };
}

/** The GPS position in a JPEG's EXIF, or null (not a JPEG, no EXIF, no GPS, or malformed). */
export function readExifGps(bytes: ArrayBuffer): { lat: number; lng: number } | null {
  const view = new DataView(bytes);
  try {
    if (view.getUint16(0) !== 0xffd8) return null;
    let at = 2;
    while (at + 4 <= view.byteLength) {
      const marker = view.getUint16(at);
      if ((marker & 0xff00) !== 0xff00 || marker === 0xffda) return null; // image data: no EXIF before it
      const length = view.getUint16(at + 2);
      // "Exif\0\0" then the TIFF header.
      if (marker === 0xffe1 && view.getUint32(at + 4) === 0x45786966 && view.getUint16(at + 8) === 0) {
        const start = at + 10;
        const order = view.getUint16(start);
        if (order !== 0x4949 && order !== 0x4d4d) return null;
        return gpsOfTiff({ view, start, little: order === 0x4949 });
      }
      at += 2 + length;
    }
    return null;
  } catch {
    // An offset past the end (RangeError): a truncated or malformed block.
    return null;
  }
}
