/**
 * /symbols: the selected-product showcase, the grid of the four items, the shop collections, the
 * story of the olive branch, and Share (copied-link notice for 2 s when there is no share sheet).
 */
import { ShareButton } from '../../components/ShareButton';
import { externalLinks, paths } from '../../config';
import { Island } from '../../islands/Island';
import { Container, Section, SectionLead, SectionTitle } from '../../primitives';
import { ApparelShowcase } from './ApparelShowcase';
import * as S from './SymbolsPage.styles';

export const SYMBOLS_SHARE_TEXT = 'Wear the olive branch: symbols of a better way from Pause. Reflect. Retry.';

export function SymbolsPage() {
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
            <Island
              component={ShareButton}
              load="intent"
              props={{
                title: 'Symbols & Apparel',
                text: SYMBOLS_SHARE_TEXT,
                path: paths.symbols,
                copy: 'message',
                copiedMessage: 'Link copied to clipboard!',
                feedback: 'inline',
              }}
            />
          </S.ShareRow>
        </Container>
      </Section>

      <Island component={ApparelShowcase} load="intent" />

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
