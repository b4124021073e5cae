/**
 * Small line icons for the member pages, drawn inline so they look the same on every system
 * (emoji depend on the fonts a device has). Decorative: always hidden from assistive technology,
 * the text beside an icon carries the meaning.
 */
import type { ReactNode } from 'react';

const PATHS = {
  sprout: (
    <>
      <path d="M12 21v-9" />
      <path d="M12 12C12 8 9 5 4 5c0 4 3 7 8 7z" />
      <path d="M12 10c0-3 2-5 7-5 0 3-2 5-7 5z" />
    </>
  ),
  compass: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M15.5 8.5l-2 5-5 2 2-5z" />
    </>
  ),
  olive: (
    <>
      <path d="M4 20L19 5" />
      <path d="M8 16c-3 0-4.5-2-4.5-4.5 2.5 0 4.5 1.5 4.5 4.5z" />
      <path d="M8 16c0 3 2 4.5 4.5 4.5 0-2.5-1.5-4.5-4.5-4.5z" />
      <path d="M13 11c-3 0-4.5-2-4.5-4.5 2.5 0 4.5 1.5 4.5 4.5z" />
      <path d="M13 11c0 3 2 4.5 4.5 4.5 0-2.5-1.5-4.5-4.5-4.5z" />
    </>
  ),
  megaphone: (
    <>
      <path d="M3 10v4h3l8 5V5L6 10H3z" />
      <path d="M18 9a4 4 0 0 1 0 6" />
    </>
  ),
  shield: (
    <>
      <path d="M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z" />
      <path d="M9 12l2 2 4-4" />
    </>
  ),
  calendar: (
    <>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </>
  ),
  flame: <path d="M12 3c1 4 6 6 6 11a6 6 0 0 1-12 0c0-3 2-4 3-6 1 2 2 3 3 3 0-3-1-5 0-8z" />,
  pause: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M10 9v6M14 9v6" />
    </>
  ),
  message: <path d="M4 5h16v11H9l-5 4z" />,
  mail: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="M3 7l9 6 9-6" />
    </>
  ),
  chart: <path d="M3 17l6-6 4 4 8-8M15 7h6v6" />,
  trophy: (
    <>
      <path d="M8 4h8v5a4 4 0 0 1-8 0z" />
      <path d="M8 6H5a3 3 0 0 0 3 4M16 6h3a3 3 0 0 1-3 4M12 13v4M8 20h8M10 17h4" />
    </>
  ),
  heart: <path d="M12 20s-7-4.5-7-10a4 4 0 0 1 7-2.5A4 4 0 0 1 19 10c0 5.5-7 10-7 10z" />,
  star: <path d="M12 3l2.8 6 6.2.5-4.8 4.3 1.4 6.2L12 16.8 6.4 20l1.4-6.2L3 9.5 9.2 9z" />,
  medal: (
    <>
      <circle cx="12" cy="15" r="5" />
      <path d="M8 3l2 7M16 3l-2 7" />
    </>
  ),
  smile: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M8.5 14a4 4 0 0 0 7 0M9 9.5h.01M15 9.5h.01" />
    </>
  ),
  sun: (
    <>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
    </>
  ),
  people: (
    <>
      <circle cx="9" cy="8" r="3" />
      <path d="M3 20c0-3 3-5 6-5s6 2 6 5" />
      <circle cx="17" cy="9" r="2.5" />
      <path d="M17 14c2 0 4 1.5 4 4" />
    </>
  ),
  key: (
    <>
      <circle cx="8" cy="15" r="4" />
      <path d="M11 12l9-9M17 6l2 2M14.5 8.5l2 2" />
    </>
  ),
  search: (
    <>
      <circle cx="11" cy="11" r="7" />
      <path d="M20 20l-4-4" />
    </>
  ),
  alert: <path d="M12 3l10 18H2zM12 10v4M12 17.5h.01" />,
  sparkles: (
    <path d="M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8zM19 16l.7 1.8 1.8.7-1.8.7L19 21l-.7-1.8-1.8-.7 1.8-.7z" />
  ),
} satisfies Record<string, ReactNode>;

export type IconName = keyof typeof PATHS;

export function isIconName(name: string): name is IconName {
  return Object.hasOwn(PATHS, name);
}

export interface IconProps {
  name: IconName;
  /** In CSS units; defaults to 1em so the icon follows the text around it. */
  size?: string;
}

export function Icon({ name, size = '1em' }: IconProps) {
  return (
    <svg
      aria-hidden
      focusable="false"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      style={{ display: 'inline-block', flexShrink: 0 }}
    >
      {PATHS[name]}
    </svg>
  );
}
