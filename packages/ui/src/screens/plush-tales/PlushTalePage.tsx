/**
 * One layout for both plush stories (/lovestory and /peacestory): the plush beside the title,
 * the story in chapters with zoomable illustrations, what it teaches, questions to talk about,
 * Share (alert after a copied link) and the shop link, which opens in a new tab.
 */
import { Fragment } from 'react';
import { ImageZoom, type ImageZoomProps } from '../../components/ImageZoom';
import { Island } from '../../islands/Island';
import { ShareButton } from '../../components/ShareButton';
import type { PlushStory } from '../../content';
import { externalLinks } from '../../config';
import { ButtonLink, Container, ExternalButtonLink, Section } from '../../primitives';
import * as S from './PlushTalePage.styles';

const STORY_COPIED_MESSAGE = 'Story link copied to clipboard!';

/** An image of the story as its zoom island's props: plain data, written into the page. */
function zoomOf(image: { src: string; alt: string; caption?: string }, width: number, height: number): ImageZoomProps {
  return { src: image.src, alt: image.alt, caption: image.caption, width, height };
}

export function PlushTalePage({ story }: { story: PlushStory }) {
  return (
    <>
      <Section $tone="sand">
        <Container>
          <S.Hero>
            <div>
              <S.Eyebrow>{story.eyebrow}</S.Eyebrow>
              <S.Title>{story.title}</S.Title>
              <S.Lead>{story.lead}</S.Lead>
              <S.Actions>
                <ExternalButtonLink href={story.shop.url} size="lg">
                  {story.shop.label} <span className="visually-hidden">(opens in a new tab)</span>
                </ExternalButtonLink>
                <Island
                  component={ShareButton}
                  load="intent"
                  props={{
                    title: story.title,
                    text: story.lead,
                    path: story.path,
                    copiedMessage: STORY_COPIED_MESSAGE,
                    feedback: 'alert',
                    variant: 'secondary',
                  }}
                />
              </S.Actions>
            </div>
            <S.Portrait>
              <Island component={ImageZoom} load="intent" props={zoomOf(story.portrait, 480, 480)} />
            </S.Portrait>
          </S.Hero>
        </Container>
      </Section>

      <Section aria-label="The story" $tone="surface">
        <Container>
          <S.Story>
            {story.chapters.map((chapter, index) => {
              const illustration = index > 0 ? story.gallery[index - 1] : undefined;
              return (
                <Fragment key={chapter.title}>
                  <S.Chapter>
                    <h2>{chapter.title}</h2>
                    {chapter.paragraphs.map((paragraph) => (
                      <p key={paragraph.slice(0, 32)}>{paragraph}</p>
                    ))}
                  </S.Chapter>
                  {illustration ? (
                    <S.Illustration>
                      <Island component={ImageZoom} load="intent" props={zoomOf(illustration, 800, 500)} />
                    </S.Illustration>
                  ) : null}
                </Fragment>
              );
            })}
          </S.Story>
        </Container>
      </Section>

      <Section aria-labelledby="story-lesson">
        <Container>
          <S.Takeaways>
            <S.Lesson>
              <h2 id="story-lesson">{story.lesson.title}</h2>
              <p>{story.lesson.text}</p>
            </S.Lesson>
            <S.TalkAbout aria-labelledby="story-talk">
              <h2 id="story-talk">Talk about it together</h2>
              <ul>
                {story.talkAbout.map((question) => (
                  <li key={question}>{question}</li>
                ))}
              </ul>
            </S.TalkAbout>
          </S.Takeaways>
        </Container>
      </Section>

      <Section aria-labelledby="story-shop" $tone="sand">
        <Container>
          <S.Shop>
            <img src={story.portrait.src} alt="" width={160} height={160} loading="lazy" />
            <div>
              <h2 id="story-shop">{story.shop.label}</h2>
              <p>{story.shop.blurb}</p>
              <S.Actions>
                <ExternalButtonLink href={story.shop.url}>
                  Shop the Plush <span className="visually-hidden">(opens in a new tab)</span>
                </ExternalButtonLink>
                <ExternalButtonLink href={externalLinks.shop} variant="secondary">
                  Visit Our Shop <span className="visually-hidden">(opens in a new tab)</span>
                </ExternalButtonLink>
              </S.Actions>
            </div>
          </S.Shop>
          <S.Next>
            <ButtonLink to={story.next.path} variant="ghost">
              {story.next.label} →
            </ButtonLink>
          </S.Next>
        </Container>
      </Section>
    </>
  );
}
