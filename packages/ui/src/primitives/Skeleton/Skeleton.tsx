import styled, { keyframes } from 'styled-components';
import { media } from '../../theme';

// The highlight moves by transform, which the compositor animates: a loading card below the fold
// of a static page may shimmer for as long as the page is open, and must not cost the main thread
// a paint per frame. At rest (no animation) it sits at the block's left edge.
const shimmer = keyframes`
  from { transform: translateX(-200px); }
  to { transform: translateX(100%); }
`;

/** A placeholder block shown while data loads; hidden from assistive technology. */
export const Skeleton = styled.div.attrs({ 'aria-hidden': true })<{ $height?: string; $width?: string }>`
  position: relative;
  overflow: hidden;
  height: ${({ $height = '1rem' }) => $height};
  width: ${({ $width = '100%' }) => $width};
  border-radius: ${({ theme }) => theme.radii.md};
  background-color: #efe4d4;

  &::after {
    content: '';
    position: absolute;
    inset: 0;
    background: linear-gradient(90deg, #efe4d4 0, #f8f0e4 40px, #efe4d4 80px) no-repeat;
    background-size: 200px 100%;
    animation: ${shimmer} 1.4s ease-in-out infinite;
  }

  ${media.reducedMotion} {
    &::after {
      animation: none;
    }
  }
`;
