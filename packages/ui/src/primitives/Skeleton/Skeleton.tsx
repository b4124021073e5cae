import styled, { keyframes } from 'styled-components';
import { media } from '../../theme';

const shimmer = keyframes`
  from { background-position: -200px 0; }
  to { background-position: calc(200px + 100%) 0; }
`;

/** A placeholder block shown while data loads; hidden from assistive technology. */
export const Skeleton = styled.div.attrs({ 'aria-hidden': true })<{ $height?: string; $width?: string }>`
  height: ${({ $height = '1rem' }) => $height};
  width: ${({ $width = '100%' }) => $width};
  border-radius: ${({ theme }) => theme.radii.md};
  background: linear-gradient(90deg, #efe4d4 0, #f8f0e4 40px, #efe4d4 80px) no-repeat;
  background-color: #efe4d4;
  background-size: 200px 100%;
  animation: ${shimmer} 1.4s ease-in-out infinite;
  ${media.reducedMotion} {
    animation: none;
  }
`;
