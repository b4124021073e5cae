/** The movement's mark and name, linking home. */
import { SiteLink } from '../../navigation';
import styled from 'styled-components';
import { paths } from '../../config';

export interface BrandProps {
  tone?: 'light' | 'dark';
  onNavigate?: () => void;
}

export function Brand({ tone = 'light', onNavigate }: BrandProps) {
  return (
    <BrandLink to={paths.home} $tone={tone} onClick={onNavigate} aria-label="Pause. Reflect. Retry. — home">
      <img src="/assets/brand/logo.svg" alt="" width="36" height="36" />
      <span aria-hidden="true">Pause. Reflect. Retry.</span>
    </BrandLink>
  );
}

const BrandLink = styled(SiteLink)<{ $tone: 'light' | 'dark' }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  font-family: ${({ theme }) => theme.fonts.heading};
  font-weight: 700;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  white-space: nowrap;
  text-decoration: none;
  color: ${({ theme, $tone }) => ($tone === 'dark' ? theme.colors.paper : theme.colors.ink)};
  img {
    flex: none;
  }
`;
