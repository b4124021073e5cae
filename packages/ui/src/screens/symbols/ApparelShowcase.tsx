/**
 * The selected item and the collection it is chosen from (docs/product/screens.md#symbols): one
 * island on /symbols, since choosing an item in the grid changes the showcase above it.
 */
import { useRef, useState } from 'react';
import { APPAREL_ITEMS, FEATURED_APPAREL_ITEM } from '../../content';
import { Container, ExternalButtonLink, Section, SectionLead, SectionTitle } from '../../primitives';
import * as S from './SymbolsPage.styles';

export function ApparelShowcase() {
  const [selectedId, setSelectedId] = useState(FEATURED_APPAREL_ITEM.id);
  const selected = APPAREL_ITEMS.find((item) => item.id === selectedId) ?? FEATURED_APPAREL_ITEM;
  const showcaseHeading = useRef<HTMLHeadingElement>(null);

  const select = (id: string) => {
    setSelectedId(id);
    // Take sighted and keyboard users alike to the item they chose.
    const heading = showcaseHeading.current;
    heading?.focus({ preventScroll: true });
    heading?.closest('section')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  };

  return (
    <>
      <Section aria-labelledby="symbols-showcase" $tone="surface">
        <Container>
          <S.Showcase>
            <S.ShowcaseImage>
              <img src={selected.image} alt={selected.imageAlt} width={480} height={480} />
            </S.ShowcaseImage>
            <S.ShowcaseBody>
              <S.Badges>
                <S.Badge>{selected.category}</S.Badge>
                {selected.featured ? <S.Badge $featured>Featured</S.Badge> : null}
              </S.Badges>
              <S.ShowcaseTitle id="symbols-showcase" ref={showcaseHeading} tabIndex={-1}>
                {selected.name}
              </S.ShowcaseTitle>
              <S.Price>{selected.price}</S.Price>
              <p>{selected.description}</p>
              <S.Meaning>
                <h3>What it means</h3>
                <p>{selected.meaning}</p>
              </S.Meaning>
              <ExternalButtonLink href={selected.shopifyUrl} size="lg">
                Buy Now <span className="visually-hidden">(opens in a new tab)</span>
              </ExternalButtonLink>
            </S.ShowcaseBody>
          </S.Showcase>
        </Container>
      </Section>

      <Section aria-labelledby="symbols-collection">
        <Container>
          <SectionTitle id="symbols-collection">The Collection</SectionTitle>
          <SectionLead>Four everyday pieces, each one a reminder to pause.</SectionLead>
          <S.ItemGrid>
            {APPAREL_ITEMS.map((item) => {
              const isSelected = item.id === selected.id;
              return (
                <S.ItemCard key={item.id} $selected={isSelected}>
                  <S.ItemImage src={item.image} alt="" width={240} height={240} loading="lazy" />
                  <S.ItemCategory>{item.category}</S.ItemCategory>
                  <h3>{item.name}</h3>
                  <S.Price>{item.price}</S.Price>
                  <S.SelectButton type="button" aria-pressed={isSelected} onClick={() => select(item.id)}>
                    {isSelected ? 'Showing' : 'View Details'}{' '}
                    <span className="visually-hidden">{isSelected ? item.name : `of ${item.name}`}</span>
                  </S.SelectButton>
                </S.ItemCard>
              );
            })}
          </S.ItemGrid>
        </Container>
      </Section>
    </>
  );
}
