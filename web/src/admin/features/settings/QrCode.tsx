import makeQrCode from 'qrcode-generator';

/**
 * `text` as a QR code an authenticator app scans: drawn as SVG squares from the
 * encoder's modules (no markup strings, no script), with the quiet zone the format needs.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const qr = makeQrCode(0, 'M');
  qr.addData(text);
  qr.make();
  const size = qr.getModuleCount();
  const quiet = 4;
  const cells: string[] = [];
  for (let row = 0; row < size; row++)
    for (let col = 0; col < size; col++) if (qr.isDark(row, col)) cells.push(`M${col + quiet} ${row + quiet}h1v1h-1z`);
  const side = size + 2 * quiet;
  return (
    <svg role="img" aria-label={label} viewBox={`0 0 ${side} ${side}`} width={200} height={200} shapeRendering="crispEdges">
      <rect width={side} height={side} fill="#fff" />
      <path d={cells.join('')} fill="#000" />
    </svg>
  );
}
