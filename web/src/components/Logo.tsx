// The Market bullseye: drawn here, so it needs no image request.
export function LogoMark({ size = 36 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <circle cx="32" cy="32" r="30" fill="#cc0000" />
      <circle cx="32" cy="32" r="20" fill="#ffffff" />
      <circle cx="32" cy="32" r="10" fill="#cc0000" />
    </svg>
  );
}
