import { useId } from 'react';

export type CardVariant = 'credit' | 'debit' | 'reloadable';

const looks: Record<CardVariant, { from: string; to: string; ink: string; ring: string; name: string }> = {
  credit: { from: '#e61e1e', to: '#8f0000', ink: '#ffffff', ring: '#ffffff', name: 'CREDIT' },
  debit: { from: '#3d3d3d', to: '#121212', ink: '#ffffff', ring: '#cc0000', name: 'DEBIT' },
  reloadable: { from: '#ffffff', to: '#e9e9e9', ink: '#cc0000', ring: '#cc0000', name: 'RELOADABLE' },
};

interface Props {
  variant: CardVariant;
  /** Names the picture for screen readers; without it the picture is decoration. */
  label?: string;
  className?: string;
}

/** A RedCard, drawn rather than photographed, so it costs no image request. */
export function CardArt({ variant, label, className }: Props) {
  const look = looks[variant];
  const fill = useId();
  const gold = useId();
  const shape = useId();
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  return (
    <svg viewBox="0 0 340 214" className={className} focusable="false" {...a11y}>
      <defs>
        <linearGradient id={fill} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={look.from} />
          <stop offset="1" stopColor={look.to} />
        </linearGradient>
        <linearGradient id={gold} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#f3d98b" />
          <stop offset="1" stopColor="#b8913a" />
        </linearGradient>
        <clipPath id={shape}>
          <rect width="340" height="214" rx="16" />
        </clipPath>
      </defs>
      <rect width="340" height="214" rx="16" fill={`url(#${fill})`} stroke="rgb(0 0 0 / 0.08)" />
      <g clipPath={`url(#${shape})`}>
        <circle cx="286" cy="62" r="118" fill="none" stroke={look.ring} strokeOpacity="0.12" strokeWidth="34" />
        <circle cx="286" cy="62" r="36" fill={look.ring} fillOpacity="0.12" />
      </g>
      <circle cx="42" cy="42" r="17" fill={look.ink} />
      <circle cx="42" cy="42" r="11" fill={variant === 'reloadable' ? '#ffffff' : look.to} />
      <circle cx="42" cy="42" r="5.5" fill={look.ink} />
      <text x="68" y="49" fill={look.ink} fontSize="21" fontWeight="800">
        Market
      </text>
      <rect x="28" y="86" width="46" height="35" rx="6" fill={`url(#${gold})`} />
      <path d="M28 103.5h46M51 86v35M40 86v35M62 86v35" stroke="#8a6a22" strokeOpacity="0.45" strokeWidth="1.2" />
      <text x="28" y="172" fill={look.ink} fontSize="24" fontWeight="800">
        RedCard
      </text>
      <text x="28" y="194" fill={look.ink} fillOpacity="0.85" fontSize="11" fontWeight="700" letterSpacing="2.2">
        {look.name}
      </text>
      <text x="312" y="194" textAnchor="end" fill={look.ink} fillOpacity="0.85" fontSize="14">
        •••• 4821
      </text>
    </svg>
  );
}
