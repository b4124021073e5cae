/**
 * A film about the method: embedded when there is a URL, otherwise its thumbnail with
 * 'Video Coming Soon'. Used on the home page as 'See the Method'.
 */
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Container, SectionLead, SectionTitle } from '../../../primitives';
import { media } from '../../../theme';
import { HomeSection } from '../HomeSection';

export interface VideoSectionProps {
  videoUrl?: string;
  thumbnailUrl?: string;
  title?: string;
  description?: ReactNode;
  id?: string;
}

export function VideoSection({
  videoUrl,
  thumbnailUrl = '/assets/home/video-thumbnail.svg',
  title = 'Pause. Reflect. Retry.',
  description,
  id,
}: VideoSectionProps) {
  const titleId = `${id ?? 'video'}-title`;
  return (
    <HomeSection id={id} $tone="surface" aria-labelledby={titleId}>
      <Container>
        <SectionTitle id={titleId}>{title}</SectionTitle>
        {description ? <SectionLead>{description}</SectionLead> : null}
        <Frame>
          {videoUrl ? (
            <iframe
              src={videoUrl}
              title={title}
              loading="lazy"
              allow="accelerometer; clipboard-write; encrypted-media; gyroscope; picture-in-picture; fullscreen"
              referrerPolicy="strict-origin-when-cross-origin"
              allowFullScreen
            />
          ) : (
            <>
              <img src={thumbnailUrl} alt="" />
              <ComingSoon>
                <PlayBadge aria-hidden="true">
                  <svg viewBox="0 0 24 24" width="28" height="28" focusable="false">
                    <path d="M8 5v14l11-7z" fill="currentColor" />
                  </svg>
                </PlayBadge>
                <span>Video Coming Soon</span>
              </ComingSoon>
            </>
          )}
        </Frame>
      </Container>
    </HomeSection>
  );
}

const Frame = styled.div`
  position: relative;
  max-width: 960px;
  margin: 0 auto;
  aspect-ratio: 16 / 9;
  border-radius: ${({ theme }) => theme.radii.lg};
  overflow: hidden;
  box-shadow: ${({ theme }) => theme.shadows.raised};
  background: ${({ theme }) => theme.colors.ink};
  iframe,
  img {
    position: absolute;
    inset: 0;
    width: 100%;
    height: 100%;
    border: 0;
    object-fit: cover;
  }
`;

const ComingSoon = styled.div`
  position: absolute;
  inset: 0;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  background: rgba(43, 33, 24, 0.55);
  color: #fff;
  font-family: ${({ theme }) => theme.fonts.heading};
  font-size: clamp(1.15rem, 4vw, ${({ theme }) => theme.fontSizes['2xl']});
  font-weight: 700;
  text-align: center;
`;

const PlayBadge = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 56px;
  height: 56px;
  ${media.md} {
    width: 72px;
    height: 72px;
  }
  border-radius: 50%;
  background: rgba(255, 255, 255, 0.18);
  border: 2px solid rgba(255, 255, 255, 0.7);
`;
