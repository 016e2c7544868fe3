import { DEFAULT_GROUP_SIZE, groupInOrder, type SearchGroup } from '../grouping';
import type { FieldColumn } from './field-columns';

/** A page of results in order, with their scores and, for a grouped search, the others each one leads. */
export interface PageOrder {
  positions: ArrayLike<number>;
  scores?: ArrayLike<number>;
  others?: { positions: number[]; scores?: number[] }[];
}

interface Ranked {
  position: number;
  score?: number;
}

function ranked(page: PageOrder): Ranked[] {
  return Array.from(page.positions, (position, i) => ({ position, score: page.scores?.[i] }));
}

/** Documents share a group when their field has the same value (its column code); documents without one share one. */
function keyOf(column: FieldColumn): (item: Ranked) => number {
  return ({ position }) => Math.max(-1, column.codes[position]);
}

function toPage(groups: ReturnType<typeof groupInOrder<Ranked>>, scored: boolean): PageOrder {
  return {
    positions: groups.map(({ leader }) => leader.position),
    ...(scored && { scores: groups.map(({ leader }) => leader.score ?? 0) }),
    others: groups.map(({ others }) => ({
      positions: others.map(({ position }) => position),
      ...(scored && { scores: others.map(({ score }) => score ?? 0) }),
    })),
  };
}

/** Collapsed: every matching document in order folded into groups; the page is groups `start` to `end`. */
export function collapsedPage(
  all: PageOrder,
  column: FieldColumn,
  group: SearchGroup,
  start: number,
  end: number,
): { total: number; page: PageOrder } {
  const groups = groupInOrder(ranked(all), keyOf(column), group.size ?? DEFAULT_GROUP_SIZE);
  return { total: groups.length, page: toPage(groups.slice(start, end), all.scores !== undefined) };
}

/** Not collapsed: the page's own results folded into groups, the page otherwise as it was. */
export function groupedPage(page: PageOrder, column: FieldColumn, group: SearchGroup): PageOrder {
  return toPage(groupInOrder(ranked(page), keyOf(column), group.size ?? DEFAULT_GROUP_SIZE), page.scores !== undefined);
}
