/** The movement's four social profiles (config/links.ts), each opening in a new tab. */
import styled from 'styled-components';
import { externalLinks } from '../../config';

type Network = (typeof externalLinks.social)[number]['network'];

export interface SocialLinksProps {
  tone?: 'light' | 'dark';
  className?: string;
}

export function SocialLinks({ tone = 'light', className }: SocialLinksProps) {
  return (
    <List className={className}>
      {externalLinks.social.map((profile) => (
        <li key={profile.network}>
          <IconLink
            href={profile.url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${profile.label} (opens in a new tab)`}
            $tone={tone}
          >
            <SocialIcon network={profile.network} />
          </IconLink>
        </li>
      ))}
    </List>
  );
}

/** Simple hand-drawn glyphs, so no icon font or third-party request is needed. */
function SocialIcon({ network }: { network: Network }) {
  const stroke = {
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 2,
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
  } as const;
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      {network === 'facebook' ? (
        <path
          d="M15.5 3.5h-2.2c-2.4 0-3.8 1.5-3.8 4v2.6H7v3.3h2.5v7.1h3.4v-7.1h2.6l.5-3.3h-3.1V8c0-.8.4-1.2 1.2-1.2h1.4z"
          fill="currentColor"
        />
      ) : null}
      {network === 'instagram' ? (
        <>
          <rect x="3.5" y="3.5" width="17" height="17" rx="5" {...stroke} />
          <circle cx="12" cy="12" r="4" {...stroke} />
          <circle cx="17.2" cy="6.8" r="1.2" fill="currentColor" />
        </>
      ) : null}
      {network === 'twitter' ? <path d="M4.5 4h4.2l10.8 16h-4.2zM19 4l-5.9 6.7M5 20l5.9-6.7" {...stroke} /> : null}
      {network === 'tiktok' ? (
        <path d="M13.5 3.5v11.2a3.7 3.7 0 1 1-3.7-3.7M13.5 3.5c.4 2.6 2.4 4.6 5 4.9" {...stroke} />
      ) : null}
    </svg>
  );
}

const List = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  list-style: none;
  margin: 0;
  padding: 0;
`;

const IconLink = styled.a<{ $tone: 'light' | 'dark' }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
  border-radius: 50%;
  color: ${({ theme, $tone }) => ($tone === 'dark' ? theme.colors.paper : theme.colors.brandDark)};
  border: 2px solid currentColor;
  transition:
    background 150ms ease,
    transform 150ms ease;
  &:hover {
    background: ${({ $tone }) => ($tone === 'dark' ? 'rgba(255, 250, 243, 0.14)' : 'rgba(180, 84, 10, 0.1)')};
    transform: translateY(-2px);
  }
`;
