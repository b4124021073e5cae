/**
 * The site footer (docs/product/screens.md#footer): links to the home page's sections (from any page they
 * go to / and then scroll, see ScrollToTop), the four shop collections, Join Us, Our Why, the
 * social profiles, the two organisation links and the 2024 copyright line.
 */
import { SiteLink } from '../../navigation';
import styled from 'styled-components';
import { externalLinks, paths } from '../../config';
import { Container } from '../../primitives';
import { media } from '../../theme';
import { Brand } from '../Brand';
import { SocialLinks } from '../SocialLinks';

const sectionLinks = [
  { label: 'Home', to: paths.home },
  { label: 'About', to: `${paths.home}#about` },
  { label: 'Products', to: `${paths.home}#products` },
  { label: 'Testimonials', to: `${paths.home}#testimonials` },
] as const;

export function Footer() {
  return (
    <FooterBand>
      <Container>
        <Columns>
          <BrandColumn>
            <Brand tone="dark" />
            <Blurb>
              A simple practice for hard moments: pause before you answer, reflect on the person in front of you, and
              retry with care. Together we are choosing a better way than contempt.
            </Blurb>
            <SocialLinks tone="dark" />
          </BrandColumn>

          <Column aria-labelledby="footer-explore">
            <ColumnTitle id="footer-explore">Explore</ColumnTitle>
            <LinkList>
              {sectionLinks.map((item) => (
                <li key={item.label}>
                  <FooterLink to={item.to}>{item.label}</FooterLink>
                </li>
              ))}
            </LinkList>
          </Column>

          <Column aria-labelledby="footer-shop">
            <ColumnTitle id="footer-shop">Shop</ColumnTitle>
            <LinkList>
              {externalLinks.shopCollections.map((collection) => (
                <li key={collection.key}>
                  <FooterAnchor href={collection.url} target="_blank" rel="noopener noreferrer">
                    {collection.name} <span className="visually-hidden">collection (opens in a new tab)</span>
                  </FooterAnchor>
                </li>
              ))}
            </LinkList>
          </Column>

          <Column aria-labelledby="footer-movement">
            <ColumnTitle id="footer-movement">The Movement</ColumnTitle>
            <LinkList>
              <li>
                <FooterLink to={paths.experiment}>Join Us</FooterLink>
              </li>
              <li>
                <FooterLink to={paths.about}>Our Why</FooterLink>
              </li>
              {externalLinks.organisations.map((organisation) => (
                <li key={organisation.url}>
                  <FooterAnchor href={organisation.url} target="_blank" rel="noopener noreferrer">
                    {organisation.name} <span className="visually-hidden">(opens in a new tab)</span>
                  </FooterAnchor>
                </li>
              ))}
            </LinkList>
          </Column>
        </Columns>

        <BottomLine>
          <p>
            Pause. Reflect. Retry. is a public benefit corporation under the Unity Umbrella, a family of organisations
            working for unity across every line that divides us.
          </p>
          <p>© 2024 Pause. Reflect. Retry. All rights reserved.</p>
        </BottomLine>
      </Container>
    </FooterBand>
  );
}

const FooterBand = styled.footer`
  background: ${({ theme }) => theme.colors.ink};
  color: ${({ theme }) => theme.colors.paper};
  padding: ${({ theme }) => theme.space['2xl']} 0 ${({ theme }) => theme.space.xl};
`;

const Columns = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xl};
  grid-template-columns: 1fr;
  ${media.sm} {
    grid-template-columns: repeat(2, 1fr);
  }
  ${media.lg} {
    grid-template-columns: 2fr 1fr 1fr 1.3fr;
  }
`;

const BrandColumn = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  ${media.sm} {
    grid-column: 1 / -1;
  }
  ${media.lg} {
    grid-column: auto;
  }
`;

const Blurb = styled.p`
  margin: 0;
  max-width: 28rem;
  color: #eadfcf;
`;

const Column = styled.nav``;

const ColumnTitle = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.md};
  letter-spacing: 0.08em;
  text-transform: uppercase;
  color: ${({ theme }) => theme.colors.brandSoft};
  margin-bottom: ${({ theme }) => theme.space.md};
`;

const LinkList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

const linkStyles = `
  display: inline-block;
  padding: 0.2rem 0;
  color: #fffaf3;
  text-decoration: none;
  &:hover {
    text-decoration: underline;
    text-underline-offset: 3px;
  }
`;

const FooterLink = styled(SiteLink)`
  ${linkStyles}
`;

const FooterAnchor = styled.a`
  ${linkStyles}
`;

const BottomLine = styled.div`
  margin-top: ${({ theme }) => theme.space.xl};
  padding-top: ${({ theme }) => theme.space.lg};
  border-top: 1px solid rgba(255, 250, 243, 0.18);
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: #eadfcf;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  p {
    margin: 0;
  }
  ${media.md} {
    flex-direction: row;
    justify-content: space-between;
    gap: ${({ theme }) => theme.space.xl};
  }
`;
