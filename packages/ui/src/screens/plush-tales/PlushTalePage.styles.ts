import styled from 'styled-components';
import { media } from '../../theme';

export const Hero = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xl};
  align-items: center;
  ${media.md} {
    grid-template-columns: 3fr 2fr;
  }
`;

export const Eyebrow = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 700;
  text-transform: uppercase;
  letter-spacing: 0.08em;
  color: ${({ theme }) => theme.colors.brandDark};
`;

export const Title = styled.h1`
  font-size: ${({ theme }) => theme.fontSizes['4xl']};
`;

export const Lead = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  color: ${({ theme }) => theme.colors.inkSoft};
  max-width: 34rem;
`;

export const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
`;

export const Portrait = styled.div`
  max-width: 22rem;
  width: 100%;
  margin: 0 auto;
`;

export const Story = styled.div`
  max-width: 44rem;
  margin: 0 auto;
`;

export const Chapter = styled.article`
  h2 {
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
    margin-top: ${({ theme }) => theme.space.lg};
  }
  p {
    font-size: ${({ theme }) => theme.fontSizes.lg};
    line-height: 1.75;
  }
`;

export const Illustration = styled.div`
  margin: ${({ theme }) => theme.space.xl} 0;
`;

export const Takeaways = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  max-width: 64rem;
  margin: 0 auto;
  ${media.md} {
    grid-template-columns: 1fr 1fr;
  }
  h2 {
    font-size: ${({ theme }) => theme.fontSizes.xl};
  }
`;

export const Lesson = styled.div`
  padding: ${({ theme }) => theme.space.xl};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.oliveSoft};
  border-left: 6px solid ${({ theme }) => theme.colors.olive};
  p {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.lg};
  }
`;

export const TalkAbout = styled.section`
  padding: ${({ theme }) => theme.space.xl};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.shadows.card};
  ul {
    margin: 0;
    padding-left: 1.2rem;
  }
  li + li {
    margin-top: ${({ theme }) => theme.space.sm};
  }
`;

export const Shop = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  align-items: center;
  justify-items: center;
  text-align: center;
  max-width: 48rem;
  margin: 0 auto;
  img {
    width: 140px;
    height: 140px;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.surface};
    box-shadow: ${({ theme }) => theme.shadows.card};
  }
  h2 {
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
  }
  ${Actions} {
    justify-content: center;
  }
  ${media.md} {
    grid-template-columns: 160px 1fr;
    justify-items: start;
    text-align: left;
    ${Actions} {
      justify-content: flex-start;
    }
  }
`;

export const Next = styled.div`
  display: flex;
  justify-content: center;
  margin-top: ${({ theme }) => theme.space.xl};
`;
