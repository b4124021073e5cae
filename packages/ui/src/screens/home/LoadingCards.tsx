/** Three placeholder cards while a carousel's data loads, announced once as a status. */
import styled from 'styled-components';
import { Skeleton } from '../../primitives';
import { media } from '../../theme';

export function LoadingCards({ label, variant }: { label: string; variant: 'product' | 'review' }) {
  return (
    <div role="status">
      <span className="visually-hidden">{label}</span>
      <Row data-testid="loading-cards">
        {[0, 1, 2].map((i) => (
          <Placeholder key={i} data-testid="skeleton-card">
            {variant === 'product' ? <Skeleton $height="220px" /> : <AvatarSkeleton $height="56px" $width="56px" />}
            <Skeleton $height="1.25rem" $width="70%" />
            <Skeleton $height="1rem" $width="40%" />
            {variant === 'review' ? <Skeleton $height="4rem" /> : <Skeleton $height="2.5rem" $width="50%" />}
          </Placeholder>
        ))}
      </Row>
    </div>
  );
}

const Row = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  ${media.md} {
    grid-template-columns: repeat(3, 1fr);
  }
`;

const Placeholder = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
`;

const AvatarSkeleton = styled(Skeleton)`
  border-radius: 50%;
`;
