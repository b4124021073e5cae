/**
 * An image that opens large in a dialog on click, Enter or Space (the story pages' zoom
 * overlay). The thumbnail is a real button so it is reachable and operable by keyboard.
 */
import { useState } from 'react';
import styled from 'styled-components';
import { Dialog } from '../../primitives';
import { media } from '../../theme';

export interface ImageZoomProps {
  src: string;
  alt: string;
  /** Shown under the image and as the dialog's title; the alt text otherwise. */
  caption?: string;
  /** Intrinsic size, to reserve space before the image loads. */
  width: number;
  height: number;
  className?: string;
}

export function ImageZoom({ src, alt, caption, width, height, className }: ImageZoomProps) {
  const [open, setOpen] = useState(false);
  const title = caption ?? alt;
  return (
    <Figure className={className}>
      <Trigger
        type="button"
        aria-haspopup="dialog"
        aria-label={`Enlarge image: ${title}`}
        onClick={() => setOpen(true)}
      >
        <img src={src} alt={alt} width={width} height={height} />
        <Badge aria-hidden="true">
          <ZoomIcon />
        </Badge>
      </Trigger>
      {caption ? <Caption>{caption}</Caption> : null}
      <Dialog open={open} onOpenChange={setOpen} title={title} description={alt} hideDescription size="wide">
        <Large src={src} alt={alt} width={width} height={height} />
      </Dialog>
    </Figure>
  );
}

function ZoomIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1.1em"
      height="1.1em"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      strokeLinecap="round"
    >
      <circle cx="10.5" cy="10.5" r="6" />
      <path d="m15 15 5 5M10.5 8v5M8 10.5h5" />
    </svg>
  );
}

const Figure = styled.figure`
  margin: 0;
`;

const Trigger = styled.button`
  position: relative;
  display: block;
  width: 100%;
  padding: 0;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.lg};
  overflow: hidden;
  background: ${({ theme }) => theme.colors.sand};
  cursor: zoom-in;
  img {
    width: 100%;
    height: auto;
    transition: transform 250ms ease;
  }
  &:hover img {
    transform: scale(1.03);
  }
  ${media.reducedMotion} {
    &:hover img {
      transform: none;
    }
  }
`;

const Badge = styled.span`
  position: absolute;
  right: ${({ theme }) => theme.space.sm};
  bottom: ${({ theme }) => theme.space.sm};
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 2.25rem;
  height: 2.25rem;
  border-radius: 50%;
  background: rgba(255, 255, 255, 0.92);
  color: ${({ theme }) => theme.colors.ink};
  box-shadow: ${({ theme }) => theme.shadows.card};
`;

const Caption = styled.figcaption`
  margin-top: ${({ theme }) => theme.space.sm};
  text-align: center;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.inkSoft};
`;

const Large = styled.img`
  width: 100%;
  height: auto;
  max-height: calc(100vh - 8rem);
  object-fit: contain;
  margin-top: ${({ theme }) => theme.space.sm};
`;
