/**
 * The one carousel of the site (quotes, products, reviews, event images): shows the window of
 * items chosen by `useCarousel`, with previous/next arrows, dot indicators and, when it rotates by
 * itself, a visible Pause/Play control (WCAG 2.2.2). Follows the WAI carousel pattern: a labelled
 * group of slides, announced politely only while it is not rotating.
 */
import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { ROTATION_CONTROL_ATTR, type CarouselState } from './useCarousel';

export interface CarouselProps<T> {
  state: CarouselState;
  items: readonly T[];
  getKey: (item: T) => string;
  renderItem: (item: T, index: number) => ReactNode;
  /** Names the carousel for assistive technology, e.g. "Featured products". */
  label: string;
  /** One item in control names: "Previous quote", "Show quote 2". */
  itemName: string;
  showArrows?: boolean;
  showDots?: boolean;
  /** 'dark' when the carousel sits on a dark band. */
  tone?: 'light' | 'dark';
  className?: string;
}

export function Carousel<T>({
  state,
  items,
  getKey,
  renderItem,
  label,
  itemName,
  showArrows = true,
  showDots = true,
  tone = 'light',
  className,
}: CarouselProps<T>) {
  const { index, windowSize, pageCount, rotates, playing, userPaused, next, prev, goTo, togglePaused, regionProps } =
    state;
  const visible = items.slice(index, index + windowSize);
  const movable = pageCount > 1;

  return (
    <Root role="group" aria-roledescription="carousel" aria-label={label} className={className} {...regionProps}>
      <Viewport aria-live={playing ? 'off' : 'polite'} $columns={Math.min(windowSize, Math.max(1, items.length))}>
        {visible.map((item, offset) => (
          <Slide
            key={getKey(item)}
            role="group"
            aria-roledescription="slide"
            aria-label={`${index + offset + 1} of ${items.length}`}
          >
            {renderItem(item, index + offset)}
          </Slide>
        ))}
      </Viewport>
      {movable ? (
        <Controls $tone={tone}>
          {rotates ? (
            <RotationButton
              type="button"
              {...{ [ROTATION_CONTROL_ATTR]: '' }}
              aria-label={`${userPaused ? 'Play' : 'Pause'} ${label}`}
              onClick={togglePaused}
            >
              {userPaused ? <PlayIcon /> : <PauseIcon />}
              <span aria-hidden="true">{userPaused ? 'Play' : 'Pause'}</span>
            </RotationButton>
          ) : null}
          {/* Arrows and dots stay on one line; only the Pause control may wrap above them. */}
          <Navigation>
            {showArrows ? (
              <ArrowButton type="button" aria-label={`Previous ${itemName}`} onClick={prev}>
                <Chevron direction="left" />
              </ArrowButton>
            ) : null}
            {showDots ? (
              <Dots>
                {Array.from({ length: pageCount }, (_, page) => (
                  <Dot
                    key={page}
                    type="button"
                    aria-label={`Show ${itemName} ${page + 1}`}
                    aria-current={page === index ? 'true' : undefined}
                    $active={page === index}
                    onClick={() => goTo(page)}
                  />
                ))}
              </Dots>
            ) : null}
            {showArrows ? (
              <ArrowButton type="button" aria-label={`Next ${itemName}`} onClick={next}>
                <Chevron direction="right" />
              </ArrowButton>
            ) : null}
          </Navigation>
        </Controls>
      ) : null}
    </Root>
  );
}

function Chevron({ direction }: { direction: 'left' | 'right' }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
        fill="none"
        stroke="currentColor"
        strokeWidth="2.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function PauseIcon() {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
      <rect x="3" y="2" width="3.5" height="12" rx="1" fill="currentColor" />
      <rect x="9.5" y="2" width="3.5" height="12" rx="1" fill="currentColor" />
    </svg>
  );
}

function PlayIcon() {
  return (
    <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
      <path d="M4 2.5v11l9-5.5z" fill="currentColor" />
    </svg>
  );
}

const Root = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
`;

const Viewport = styled.div<{ $columns: number }>`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  grid-template-columns: repeat(${({ $columns }) => $columns}, minmax(0, 1fr));
`;

const Slide = styled.div`
  min-width: 0;
  display: flex;
  flex-direction: column;
`;

const Controls = styled.div<{ $tone: 'light' | 'dark' }>`
  display: flex;
  align-items: center;
  justify-content: center;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  --carousel-ink: ${({ theme, $tone }) => ($tone === 'dark' ? theme.colors.paper : theme.colors.brandDark)};
  --carousel-soft: ${({ theme, $tone }) => ($tone === 'dark' ? 'rgba(255, 250, 243, 0.16)' : theme.colors.brandSoft)};
`;

const Navigation = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

const controlButton = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.xs};
  min-width: 44px;
  min-height: 44px;
  border-radius: ${({ theme }) => theme.radii.pill};
  border: 2px solid var(--carousel-ink);
  background: transparent;
  color: var(--carousel-ink);
  cursor: pointer;
  transition: background 150ms ease;
  &:hover {
    background: var(--carousel-soft);
  }
`;

const ArrowButton = styled.button`
  ${controlButton}
`;

const RotationButton = styled.button`
  ${controlButton}
  padding: 0 ${({ theme }) => theme.space.md};
  font-weight: 700;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Dots = styled.div`
  display: flex;
  align-items: center;
`;

/** At least a 24 px target (WCAG 2.5.8) around a small visible dot. */
const Dot = styled.button<{ $active: boolean }>`
  width: 24px;
  height: 28px;
  padding: 0;
  border: 0;
  background: transparent;
  cursor: pointer;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  &::before {
    content: '';
    width: ${({ $active }) => ($active ? '22px' : '10px')};
    height: 10px;
    border-radius: 999px;
    background: ${({ $active }) => ($active ? 'var(--carousel-ink)' : 'transparent')};
    border: 2px solid var(--carousel-ink);
    transition: width 200ms ease;
  }
`;
