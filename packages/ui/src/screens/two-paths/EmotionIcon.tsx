/**
 * The explorer's emotion icons, drawn inline so they look the same everywhere (emoji fonts vary
 * and some systems have none). Decorative: the emotion is always named in text beside it.
 */
import type { ReactNode } from 'react';
import type { EmotionIconName } from '../../content';

const ink = '#2b2118';

function Face({ fill, children }: { fill: string; children: ReactNode }) {
  return (
    <>
      <circle cx="24" cy="24" r="20" fill={fill} stroke={ink} strokeWidth="2" />
      {children}
    </>
  );
}

const stroke = { fill: 'none', stroke: ink, strokeWidth: 2.5, strokeLinecap: 'round' } as const;

const icons: Record<EmotionIconName, ReactNode> = {
  angry: (
    <Face fill="#f8b4a6">
      <path d="M13 16l7 3M35 16l-7 3" {...stroke} />
      <circle cx="17.5" cy="22" r="2.2" fill={ink} />
      <circle cx="30.5" cy="22" r="2.2" fill={ink} />
      <path d="M16 34c4-4 12-4 16 0" {...stroke} />
    </Face>
  ),
  annoyed: (
    <Face fill="#fbd3a4">
      <path d="M13 17l7 1M35 17l-7 1" {...stroke} />
      <circle cx="20" cy="22" r="2.2" fill={ink} />
      <circle cx="33" cy="22" r="2.2" fill={ink} />
      <path d="M17 32h14" {...stroke} />
    </Face>
  ),
  scornful: (
    <Face fill="#e9d7b5">
      <path d="M13 21h8M27 21h8" {...stroke} />
      <circle cx="17" cy="19" r="1.8" fill={ink} />
      <circle cx="31" cy="19" r="1.8" fill={ink} />
      <path d="M17 32c5 1 10 0 14-4" {...stroke} />
    </Face>
  ),
  wall: (
    <g fill="#c7a27c" stroke={ink} strokeWidth="2">
      <rect x="4" y="10" width="19" height="9" />
      <rect x="23" y="10" width="19" height="9" />
      <rect x="8" y="19" width="19" height="9" />
      <rect x="27" y="19" width="15" height="9" />
      <rect x="4" y="19" width="4" height="9" />
      <rect x="4" y="28" width="19" height="9" />
      <rect x="23" y="28" width="19" height="9" />
    </g>
  ),
  brokenHeart: (
    <>
      <path
        d="M24 40S6 29 6 17a9 9 0 0 1 18-3 9 9 0 0 1 18 3c0 12-18 23-18 23Z"
        fill="#d9544a"
        stroke={ink}
        strokeWidth="2"
      />
      <path d="M24 14l-4 8 6 4-4 8" fill="none" stroke="#fff" strokeWidth="3" strokeLinejoin="round" />
    </>
  ),
  calm: (
    <Face fill="#d7e6c3">
      <path d="M14 22c2 2 5 2 7 0M27 22c2 2 5 2 7 0" {...stroke} />
      <path d="M18 31c3 3 9 3 12 0" {...stroke} />
    </Face>
  ),
  heart: (
    <path
      d="M24 40S6 29 6 17a9 9 0 0 1 18-3 9 9 0 0 1 18 3c0 12-18 23-18 23Z"
      fill="#f2b84b"
      stroke={ink}
      strokeWidth="2"
    />
  ),
  shield: (
    <>
      <path d="M24 5l16 6v11c0 10-7 17-16 21C15 39 8 32 8 22V11Z" fill="#e9a93c" stroke={ink} strokeWidth="2" />
      <path d="M17 23l5 5 9-10" fill="none" stroke={ink} strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
    </>
  ),
  sprout: (
    <>
      <path d="M24 42V22" {...stroke} stroke="#4d6630" strokeWidth={3} />
      <path d="M24 24C24 14 16 9 7 10c0 9 7 15 17 14Z" fill="#7f9f55" stroke={ink} strokeWidth="2" />
      <path d="M24 20c0-8 6-12 15-11 0 8-6 12-15 11Z" fill="#5f7d3a" stroke={ink} strokeWidth="2" />
      <path d="M14 42h20" {...stroke} />
    </>
  ),
  together: (
    <>
      <circle cx="17" cy="24" r="12" fill="#b9d39a" stroke={ink} strokeWidth="2" />
      <circle cx="31" cy="24" r="12" fill="#f2c26b" stroke={ink} strokeWidth="2" fillOpacity="0.85" />
      <path d="M24 20.5a4 4 0 0 1 4 4c0 3-4 5.5-4 5.5s-4-2.5-4-5.5a4 4 0 0 1 4-4Z" fill="#d9544a" />
    </>
  ),
};

export function EmotionIcon({ name, size = 48 }: { name: EmotionIconName; size?: number }) {
  return (
    <svg viewBox="0 0 48 48" width={size} height={size} aria-hidden="true" focusable="false">
      {icons[name]}
    </svg>
  );
}
