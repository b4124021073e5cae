/**
 * The map page's own rules on top of the contract's mapFigures (bands, top states, progress and
 * coverage live there): what the page shows as a whole, how records meet shapes, and where the
 * hover card goes. Pure functions, so they are unit-tested without a browser.
 */
import {
  DEFAULT_MOVEMENT_GOAL,
  bandIndex,
  coveredStates,
  formatGoalPercent,
  goalPercent,
  stateCodeFor,
  topStates,
  totalPeacemakers,
  type StateParticipation,
} from '@prr/contract';

/** docs/product/screens.md#movement-map: the map is drawn in a 900 by 500 box. */
export const MAP_WIDTH = 900;
export const MAP_HEIGHT = 500;

/** docs/product/screens.md#movement-map: the card sits 20 px right of and 85 px above the pointer. */
export const TOOLTIP_OFFSET = { right: 20, above: 85 } as const;

const numberFormat = new Intl.NumberFormat('en-US');

export function formatCount(value: number): string {
  return numberFormat.format(value);
}

export interface MapSummary {
  goal: number;
  /** Sum of peacemakers over all states (docs/product/rules.md#the-map), not the stats' own total. */
  total: number;
  /** 0 to 100, capped: the progress bar's width. */
  percent: number;
  /** One decimal, e.g. '2.5%'. */
  percentLabel: string;
  top: StateParticipation[];
  covered: number;
}

/** Everything the page's figures and cards show, from the states read and the optional stats. */
export function mapSummary(records: readonly StateParticipation[], goal: number | undefined): MapSummary {
  const effectiveGoal = goal ?? DEFAULT_MOVEMENT_GOAL;
  const total = totalPeacemakers(records);
  return {
    goal: effectiveGoal,
    total,
    percent: goalPercent(total, effectiveGoal),
    percentLabel: formatGoalPercent(total, effectiveGoal),
    top: topStates(records),
    covered: coveredStates(records),
  };
}

/**
 * Records keyed by two-letter code, found from the full state name (docs/product/screens.md#movement-map: records are matched
 * to shapes by name); the record's own code is the fallback for a name the table does not know.
 */
export function recordsByCode(records: readonly StateParticipation[]): Map<string, StateParticipation> {
  const byCode = new Map<string, StateParticipation>();
  for (const record of records) {
    const code = stateCodeFor(record.state) ?? record.stateCode.toUpperCase();
    byCode.set(code, record);
  }
  return byCode;
}

/** The band colour of a count; no record and 0 share the palest band. */
export function bandColor(peacemakers: number | undefined, bands: readonly string[]): string {
  return bands[bandIndex(peacemakers)] ?? bands[0] ?? 'transparent';
}

/** 'California: 1,240 peacemakers', the name a screen reader hears for a state shape. */
export function stateLabel(name: string, record: StateParticipation | undefined): string {
  if (!record) return `${name}: no peacemakers yet`;
  const noun = record.peacemakers === 1 ? 'peacemaker' : 'peacemakers';
  return `${name}: ${formatCount(record.peacemakers)} ${noun}`;
}

export interface Point {
  x: number;
  y: number;
}

interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** A pointer's client coordinates relative to the map's box. */
export function pointInBox(clientX: number, clientY: number, box: Pick<Box, 'left' | 'top'>): Point {
  return { x: clientX - box.left, y: clientY - box.top };
}

/**
 * Where a point of the 900 by 500 viewBox lands inside the rendered SVG (preserveAspectRatio
 * xMidYMid meet: uniform scale, centred), relative to the map's box. Used to place the card at a
 * focused state's centroid.
 */
export function viewBoxToBox(point: readonly [number, number], svg: Box, box: Pick<Box, 'left' | 'top'>): Point {
  const scale = Math.min(svg.width / MAP_WIDTH, svg.height / MAP_HEIGHT) || 0;
  const offsetX = (svg.width - MAP_WIDTH * scale) / 2;
  const offsetY = (svg.height - MAP_HEIGHT * scale) / 2;
  return {
    x: svg.left - box.left + offsetX + point[0] * scale,
    y: svg.top - box.top + offsetY + point[1] * scale,
  };
}

/**
 * The card's top-left corner: 20 px right of and 85 px above the point. When a measured card would
 * run past the right edge of the map (a state near the east coast on a phone), it flips to the
 * left of the point by the same 20 px, so it never sticks out of the page.
 */
export function tooltipPosition(
  point: Point,
  fit?: { cardWidth: number; boxWidth: number },
): { left: number; top: number } {
  const top = point.y - TOOLTIP_OFFSET.above;
  const left = point.x + TOOLTIP_OFFSET.right;
  if (fit && fit.cardWidth > 0 && left + fit.cardWidth > fit.boxWidth) {
    return { left: Math.max(0, point.x - TOOLTIP_OFFSET.right - fit.cardWidth), top };
  }
  return { left, top };
}
