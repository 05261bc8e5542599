import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

interface QrCodeProps {
  text: string;
  /** What a screen reader says instead of the picture. */
  alt: string;
  size?: number;
}

/**
 * A QR code as an SVG data-URL image (no canvas, so it works everywhere and stays sharp), dark on
 * white in both themes: phone cameras read dark-on-light codes best.
 */
export function QrCode({ text, alt, size = 176 }: QrCodeProps) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toString(text, {
      type: 'svg',
      errorCorrectionLevel: 'M',
      margin: 2,
      color: { dark: '#000000', light: '#ffffff' },
    })
      .then((svg) => {
        if (live) setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
      })
      .catch(() => {
        if (live) setSrc(null);
      });
    return () => {
      live = false;
    };
  }, [text]);
  if (!src) return <span className="feed-qr feed-qr-empty" style={{ width: size, height: size }} aria-hidden="true" />;
  return <img className="feed-qr" src={src} alt={alt} width={size} height={size} />;
}
