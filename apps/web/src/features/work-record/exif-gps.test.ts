import { describe, expect, it } from 'vitest';
import { readExifGps } from './exif-gps';

/** A JPEG head with an APP1 EXIF block whose GPS IFD says where, written byte by byte. */
function jpegWithGps(
  options: {
    little?: boolean;
    lat?: [number, number, number];
    latRef?: string;
    lng?: [number, number, number];
    lngRef?: string;
    gps?: boolean;
  } = {},
): ArrayBuffer {
  const little = options.little ?? true;
  const tiff = new DataView(new ArrayBuffer(200));
  const w16 = (at: number, v: number) => tiff.setUint16(at, v, little);
  const w32 = (at: number, v: number) => tiff.setUint32(at, v, little);
  tiff.setUint16(0, little ? 0x4949 : 0x4d4d);
  w16(2, 42);
  w32(4, 8); // IFD0 at 8
  // IFD0: one entry (a Make tag first would be fine too), the GPS pointer.
  w16(8, 2);
  w16(10, 0x010f); // Make, ASCII "Cam"
  w16(12, 2);
  w32(14, 4);
  tiff.setUint8(18, 0x43);
  w16(22, options.gps === false ? 0x0110 : 0x8825);
  w16(24, 4);
  w32(26, 1);
  w32(30, 40); // GPS IFD at 40
  w32(34, 0);
  // GPS IFD: LatRef, Lat, LngRef, Lng.
  w16(40, 4);
  const entry = (i: number, tag: number, type: number, count: number, value: number) => {
    const at = 42 + i * 12;
    w16(at, tag);
    w16(at + 2, type);
    w32(at + 4, count);
    if (type === 2) tiff.setUint8(at + 8, value);
    else w32(at + 8, value);
  };
  entry(0, 1, 2, 2, (options.latRef ?? 'N').charCodeAt(0));
  entry(1, 2, 5, 3, 100);
  entry(2, 3, 2, 2, (options.lngRef ?? 'E').charCodeAt(0));
  entry(3, 4, 5, 3, 124);
  const rationals = (at: number, [d, m, s]: [number, number, number]) => {
    w32(at, d);
    w32(at + 4, 1);
    w32(at + 8, m);
    w32(at + 12, 1);
    w32(at + 16, Math.round(s * 100));
    w32(at + 20, 100);
  };
  rationals(100, options.lat ?? [52, 31, 12.03]);
  rationals(124, options.lng ?? [13, 24, 17.83]);

  const exif = [0x45, 0x78, 0x69, 0x66, 0, 0];
  const app1Length = 2 + exif.length + tiff.byteLength;
  const bytes = [
    0xff,
    0xd8,
    // An APP0 (JFIF) before it, as cameras and editors write.
    0xff,
    0xe0,
    0x00,
    0x06,
    0x4a,
    0x46,
    0x49,
    0x46,
    0xff,
    0xe1,
    app1Length >> 8,
    app1Length & 0xff,
    ...exif,
    ...new Uint8Array(tiff.buffer),
    0xff,
    0xda,
    0x00,
    0x02,
  ];
  return new Uint8Array(bytes).buffer;
}

describe('reading where a JPEG was taken from its EXIF GPS block', () => {
  it('gives degrees with sign from the N/S and E/W refs, in either byte order', () => {
    const berlin = readExifGps(jpegWithGps());
    expect(berlin?.lat).toBeCloseTo(52 + 31 / 60 + 12.03 / 3600, 6);
    expect(berlin?.lng).toBeCloseTo(13 + 24 / 60 + 17.83 / 3600, 6);
    const rio = readExifGps(
      jpegWithGps({ little: false, lat: [22, 54, 30], latRef: 'S', lng: [43, 11, 47], lngRef: 'W' }),
    );
    expect(rio?.lat).toBeCloseTo(-(22 + 54 / 60 + 30 / 3600), 6);
    expect(rio?.lng).toBeCloseTo(-(43 + 11 / 60 + 47 / 3600), 6);
  });

  it('gives null without a GPS block, with a 0/0 fix, off the globe, or for bytes that are no JPEG', () => {
    expect(readExifGps(jpegWithGps({ gps: false }))).toBeNull();
    expect(readExifGps(jpegWithGps({ lat: [0, 0, 0], lng: [0, 0, 0] }))).toBeNull();
    expect(readExifGps(jpegWithGps({ lat: [95, 0, 0] }))).toBeNull();
    expect(readExifGps(new Uint8Array([0x89, 0x50, 0x4e, 0x47]).buffer)).toBeNull();
  });

  it('gives null for a block cut short instead of reading past its end', () => {
    const whole = new Uint8Array(jpegWithGps());
    for (const cut of [5, 20, 40, 80, 130, 160]) {
      expect(readExifGps(whole.slice(0, cut).buffer)).toBeNull();
    }
  });
});
