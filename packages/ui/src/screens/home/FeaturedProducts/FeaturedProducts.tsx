/**
 * The shop's featured products from the server, three at a time with arrows (one at a time on
 * phones). Three skeleton cards while loading; a friendly note when empty or failing. Every
 * purchase link leaves the site in a new tab.
 */
import type { FeaturedProduct } from '@prr/contract';
import styled from 'styled-components';
import { useFeaturedProducts } from '../../../api';
import { QueryView } from '../../../components/QueryView';
import { externalLinks } from '../../../config';
import { Carousel, Container, ExternalButtonLink, SectionLead, SectionTitle, useCarousel } from '../../../primitives';
import { Eyebrow, HomeSection } from '../HomeSection';
import { LoadingCards } from '../LoadingCards';
import { sectionIds } from '../sectionIds';
import { useCarouselWindow } from '../useCarouselWindow';
import { withQueries } from '../../../islands/withQueries';

export function FeaturedProducts() {
  const featured = useFeaturedProducts();
  const windowSize = useCarouselWindow();
  const carousel = useCarousel({ count: featured.data?.length ?? 0, windowSize });

  return (
    <HomeSection id={sectionIds.products} $tone="sand" aria-labelledby="products-title">
      <Container>
        <Eyebrow>Symbols &amp; apparel</Eyebrow>
        <SectionTitle id="products-title">Wear the Movement</SectionTitle>
        <SectionLead>
          The olive branch is a quiet question people ask about. Every pin, tee and tote starts a conversation, and
          every purchase helps bring the method to more families and communities.
        </SectionLead>

        <QueryView
          query={featured}
          loading={<LoadingCards label="Loading products…" variant="product" />}
          error="We couldn’t load our products right now. Please try again in a moment."
          isEmpty={(products) => products.length === 0}
          empty="New designs are on their way. Please check back soon."
        >
          {(products) => (
            <Carousel
              state={carousel}
              items={products}
              getKey={(product) => product.id}
              label="Featured products"
              itemName="products"
              showDots={false}
              renderItem={(product) => <ProductCard product={product} />}
            />
          )}
        </QueryView>

        <ShopLink>
          <ExternalButtonLink href={externalLinks.shop} variant="secondary">
            Visit the Shop
          </ExternalButtonLink>
        </ShopLink>
      </Container>
    </HomeSection>
  );
}

function ProductCard({ product }: { product: FeaturedProduct }) {
  return (
    <Card>
      <ImageBox>
        <img src={product.imageUrl} alt={product.name} width="400" height="400" decoding="async" />
      </ImageBox>
      <Body>
        <Name>{product.name}</Name>
        <Price>{product.price}</Price>
        <ExternalButtonLink
          href={product.shopifyUrl}
          size="sm"
          aria-label={`Shop Now: ${product.name} (opens in a new tab)`}
        >
          Shop Now
        </ExternalButtonLink>
      </Body>
    </Card>
  );
}

const Card = styled.article`
  display: flex;
  flex-direction: column;
  height: 100%;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.card};
  overflow: hidden;
`;

const ImageBox = styled.div`
  background: ${({ theme }) => theme.colors.paper};
  img {
    width: 100%;
    height: auto;
    aspect-ratio: 1;
    object-fit: contain;
  }
`;

const Body = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.lg};
  flex: 1;
  a {
    margin-top: auto;
  }
`;

const Name = styled.h3`
  font-size: ${({ theme }) => theme.fontSizes.lg};
  margin: 0;
`;

const Price = styled.p`
  margin: 0;
  font-weight: 700;
  color: ${({ theme }) => theme.colors.brandDark};
`;

const ShopLink = styled.div`
  display: flex;
  justify-content: center;
  margin-top: ${({ theme }) => theme.space.xl};
`;

/** The island's root: the component with a query client of its own (islands/withQueries.tsx). */
export const FeaturedProductsIsland = withQueries(FeaturedProducts);
