/**
 * An image that opens large in a dialog on click, Enter or Space (the story pages' zoom
 * overlay). The thumbnail is a real button so it is reachable and operable by keyboard. The
 * dialog (Radix Dialog and its focus trap) is a chunk of its own, fetched when the pointer comes
 * over the image or focus lands on it, so the story pages load it only for a visitor who zooms.
 */
import { lazy, Suspense, useState } from 'react';
import styled from 'styled-components';
import { media } from '../../theme';

const loadDialog = () => import('./ImageZoomDialog');
const ImageZoomDialog = lazy(async () => ({ default: (await loadDialog()).ImageZoomDialog }));

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
  // Once opened, the dialog stays mounted, so closing it animates and gives focus back.
  const [wanted, setWanted] = useState(false);
  const title = caption ?? alt;
  const preload = () => void loadDialog();
  return (
    <Figure className={className}>
      <Trigger
        type="button"
        aria-haspopup="dialog"
        aria-label={`Enlarge image: ${title}`}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <img src={src} alt={alt} width={width} height={height} />
        <Badge aria-hidden="true">
          <ZoomIcon />
        </Badge>
      </Trigger>
      {caption ? <Caption>{caption}</Caption> : null}
      {wanted ? (
        <Suspense fallback={null}>
          <ImageZoomDialog
            open={open}
            onOpenChange={setOpen}
            title={title}
            src={src}
            alt={alt}
            width={width}
            height={height}
          />
        </Suspense>
      ) : null}
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
