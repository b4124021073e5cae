/**
 * /symbols: the selected-product showcase, the grid of the four items, the shop collections, the
 * story of the olive branch, and Share (copied-link notice for 2 s when there is no share sheet).
 */
import { useRef, useState } from 'react';
import { ShareButton } from '../../components/ShareButton';
import { APPAREL_ITEMS, FEATURED_APPAREL_ITEM } from '../../content';
import { externalLinks, paths } from '../../config';
import { Container, ExternalButtonLink, Section, SectionLead, SectionTitle } from '../../primitives';
import * as S from './SymbolsPage.styles';

export const SYMBOLS_SHARE_TEXT = 'Wear the olive branch: symbols of a better way from Pause. Reflect. Retry.';

export function SymbolsPage() {
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
      <Section $tone="sand">
        <Container>
          <SectionTitle as="h1">Symbols &amp; Apparel</SectionTitle>
          <SectionLead>
            Every symbol tells a story. Wear the olive branch and carry a quiet invitation to a better way into every
            room you walk into.
          </SectionLead>
          <S.ShareRow>
            <ShareButton
              title="Symbols & Apparel"
              text={SYMBOLS_SHARE_TEXT}
              path={paths.symbols}
              copy="message"
              copiedMessage="Link copied to clipboard!"
              feedback="inline"
            />
          </S.ShareRow>
        </Container>
      </Section>

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

      <Section aria-labelledby="symbols-collections" $tone="sand">
        <Container>
          <SectionTitle id="symbols-collections">Shop the Collections</SectionTitle>
          <SectionLead>
            Browse the whole range in our online shop. Every purchase helps keep the experiment free.
          </SectionLead>
          <S.Collections>
            {externalLinks.shopCollections.map((collection) => (
              <li key={collection.key}>
                <S.CollectionLink href={collection.url} target="_blank" rel="noopener noreferrer">
                  <img src={collection.image} alt="" width={320} height={240} loading="lazy" />
                  <span>
                    Shop {collection.name} <span className="visually-hidden">collection (opens in a new tab)</span>
                    <span aria-hidden="true"> →</span>
                  </span>
                </S.CollectionLink>
              </li>
            ))}
          </S.Collections>
        </Container>
      </Section>

      <Section aria-labelledby="symbols-story">
        <Container>
          <S.Story>
            <S.StoryArt src="/assets/symbols/olive-branch.svg" alt="" width={320} height={320} loading="lazy" />
            <div>
              <h2 id="symbols-story">From Gun to Olive Branch</h2>
              <p>
                For more than 5,000 years, people have held out an olive branch to end a quarrel. It says: I would
                rather understand you than defeat you.
              </p>
              <p>
                Our pin began as a sketch at a kitchen table, a gun slowly bending into a branch with new leaves. It is
                a picture of what Pause. Reflect. Retry. does in a single conversation: the moment before we strike is
                the moment we can choose to grow something instead.
              </p>
              <p>
                When someone asks about your pin, you have the easiest opening there is to share the method. That is the
                real reason we make these things.
              </p>
            </div>
          </S.Story>
        </Container>
      </Section>
    </>
  );
}
