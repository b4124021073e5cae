/**
 * The participation map (docs/product/screens.md#movement-map): every state filled by its band, the hovered
 * state dark brown, and a card with the state's count that follows the pointer. Keyboard users tab
 * through the states and get the same card at the state's centroid.
 *
 * This module pulls in d3-geo and topojson-client, so the map page loads it lazily: nothing of the
 * map's weight reaches any other page.
 */
import type { StateParticipation } from '@prr/contract';
import {
  memo,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type PointerEvent,
} from 'react';
import styled, { useTheme } from 'styled-components';
import { QueryView } from '../../../components/QueryView';
import { media } from '../../../theme';
import { Legend } from '../Legend';
import { MapBox, MapLoading } from '../MapFrame';
import {
  MAP_HEIGHT,
  MAP_WIDTH,
  bandColor,
  pointInBox,
  recordsByCode,
  stateLabel,
  tooltipPosition,
  viewBoxToBox,
  type Point,
} from '../mapRules';
import { StateTooltip } from '../StateTooltip';
import { useStateShapes, type StateShape } from './stateShapes';

export interface UsMapProps {
  records: readonly StateParticipation[];
}

/** Loads the shapes, then draws the map; a failed load is only logged (docs/product/screens.md#movement-map). */
export function UsMap({ records }: UsMapProps) {
  const shapes = useStateShapes();

  useEffect(() => {
    if (shapes.error) {
      // Not an error for the visitor: the figures and cards around the map still tell the story.
      console.warn('The US map shapes could not be loaded; the map is hidden.', shapes.error);
    }
  }, [shapes.error]);

  return (
    <QueryView query={shapes} loading={<MapLoading />} error={null}>
      {(loaded) => <StateMap shapes={loaded} records={records} />}
    </QueryView>
  );
}

interface ActiveState {
  code: string;
  /** Where the card points at, relative to the map's box. */
  point: Point;
  boxWidth: number;
}

/**
 * The map box's padding-box origin in client coordinates: the card is positioned from there, so the
 * box's border must not shift it.
 */
function originOf(box: HTMLElement): { left: number; top: number } {
  const rect = box.getBoundingClientRect();
  return { left: rect.left + box.clientLeft, top: rect.top + box.clientTop };
}

/** The state code of the shape under an event, if any (events are delegated to the SVG). */
function codeOf(target: EventTarget): string | null {
  return target instanceof Element ? (target.closest('[data-code]')?.getAttribute('data-code') ?? null) : null;
}

export interface StateMapProps {
  shapes: readonly StateShape[];
  records: readonly StateParticipation[];
}

export function StateMap({ shapes, records }: StateMapProps) {
  const byCode = useMemo(() => recordsByCode(records), [records]);
  const boxRef = useRef<HTMLDivElement>(null);
  const svgRef = useRef<SVGSVGElement>(null);
  const cardRef = useRef<HTMLDivElement>(null);
  const afterMapRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState<ActiveState | null>(null);
  const [cardWidth, setCardWidth] = useState(0);
  const tooltipId = useId();
  const titleId = useId();

  const record = active ? byCode.get(active.code) : undefined;
  const shapeByCode = useMemo(() => new Map<string, StateShape>(shapes.map((shape) => [shape.code, shape])), [shapes]);
  const activeShape = active ? shapeByCode.get(active.code) : undefined;

  // Measure the card once per state so a card near the right edge can flip inside the map.
  useLayoutEffect(() => {
    setCardWidth(cardRef.current?.offsetWidth ?? 0);
  }, [record]);

  const showAtPointer = (event: PointerEvent<SVGSVGElement>) => {
    const code = codeOf(event.target);
    const box = boxRef.current;
    if (!code || !box) {
      setActive(null);
      return;
    }
    const point = pointInBox(event.clientX, event.clientY, originOf(box));
    setActive({ code, point, boxWidth: box.clientWidth });
  };

  const hide = (event: PointerEvent<SVGSVGElement>) => {
    // A tap ends with pointerleave; the card stays until the next tap so touch users can read it.
    if (event.pointerType !== 'touch') setActive(null);
  };

  const showAtCentroid = (event: FocusEvent<SVGSVGElement>) => {
    const code = codeOf(event.target);
    const shape = code ? shapeByCode.get(code) : undefined;
    const box = boxRef.current;
    const svg = svgRef.current;
    if (!code || !shape || !box || !svg) return;
    const point = viewBoxToBox(shape.centroid, svg.getBoundingClientRect(), originOf(box));
    setActive({ code, point, boxWidth: box.clientWidth });
  };

  const hideOnBlur = (event: FocusEvent<SVGSVGElement>) => {
    const code = codeOf(event.target);
    setActive((current) => (current && current.code === code ? null : current));
  };

  return (
    <Figure>
      <SkipButton type="button" onClick={() => afterMapRef.current?.focus()}>
        Skip past the map
      </SkipButton>
      <MapBox ref={boxRef}>
        <Svg
          ref={svgRef}
          viewBox={`0 0 ${MAP_WIDTH} ${MAP_HEIGHT}`}
          role="group"
          aria-labelledby={titleId}
          onPointerMove={showAtPointer}
          onPointerDown={showAtPointer}
          onPointerLeave={hide}
          onFocus={showAtCentroid}
          onBlur={hideOnBlur}
        >
          <title id={titleId}>Map of the United States showing peacemakers in each state</title>
          <StatePaths shapes={shapes} byCode={byCode} activeCode={active?.code ?? null} />
          {activeShape ? <Outline d={activeShape.d} aria-hidden="true" /> : null}
        </Svg>
        {active && record && activeShape ? (
          <StateTooltip
            ref={cardRef}
            id={tooltipId}
            name={activeShape.name}
            peacemakers={record.peacemakers}
            position={tooltipPosition(active.point, { cardWidth, boxWidth: active.boxWidth })}
          />
        ) : null}
      </MapBox>
      <figcaption>
        <div ref={afterMapRef} tabIndex={-1}>
          <Legend />
        </div>
      </figcaption>
    </Figure>
  );
}

interface StatePathsProps {
  shapes: readonly StateShape[];
  byCode: Map<string, StateParticipation>;
  activeCode: string | null;
}

/** Memoised: the card follows every pointer move, but the 51 paths redraw only when the state changes. */
const StatePaths = memo(function StatePaths({ shapes, byCode, activeCode }: StatePathsProps) {
  const theme = useTheme();
  return (
    <g>
      {shapes.map((shape) => {
        const record = byCode.get(shape.code);
        const isActive = shape.code === activeCode;
        return (
          <StatePath
            key={shape.code}
            d={shape.d}
            data-code={shape.code}
            fill={isActive ? theme.colors.hoverState : bandColor(record?.peacemakers, theme.colors.mapBands)}
            tabIndex={0}
            role="img"
            aria-label={stateLabel(shape.name, record)}
          />
        );
      })}
    </g>
  );
});

const Figure = styled.figure`
  position: relative;
  margin: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
`;

const Svg = styled.svg`
  display: block;
  width: 100%;
  height: auto;
  /* The documented 500 px minimum (docs/decisions/003) where the map is wide enough for it; on a phone it would only add
     empty bands above and below the drawing, so there the map keeps its own proportions. */
  ${media.md} {
    min-height: 500px;
  }
  /* Touch users tap states; the map itself should still scroll the page. */
  touch-action: manipulation;
  overflow: visible;
`;

const StatePath = styled.path`
  /* A warm border line: visible around near-white states, quiet between amber ones. */
  stroke: ${({ theme }) => theme.colors.border};
  stroke-width: 0.75;
  stroke-linejoin: round;
  cursor: pointer;
  transition: fill 120ms ease;
  &:focus {
    outline: none;
  }
  &:focus-visible {
    stroke: ${({ theme }) => theme.colors.focus};
    stroke-width: 3;
  }
  @media (prefers-reduced-motion: reduce) {
    transition: none;
  }
`;

/** Drawn above every state so the active state's border is never hidden by a neighbour. */
const Outline = styled.path`
  fill: none;
  stroke: ${({ theme }) => theme.colors.ink};
  stroke-width: 1.5;
  stroke-linejoin: round;
  pointer-events: none;
`;

const SkipButton = styled.button`
  position: absolute;
  left: 0;
  top: 0;
  z-index: 3;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border: 2px solid ${({ theme }) => theme.colors.focus};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.ink};
  font-weight: 600;
  /* Visible only to keyboard users who reach it, as skip links are. */
  &:not(:focus) {
    clip-path: inset(50%);
    width: 1px;
    height: 1px;
    overflow: hidden;
    white-space: nowrap;
    padding: 0;
    border: 0;
  }
`;
