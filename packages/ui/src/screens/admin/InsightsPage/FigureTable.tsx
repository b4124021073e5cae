/**
 * One of Insights' tables: the first column names the row (a week, a state, a day), the others are
 * figures, already in words (a hidden one is HIDDEN_FIGURE_TEXT). A table of a few columns fits a
 * phone as it is; a wider one stacks each row as a card below the `lg` breakpoint (CardTable), and
 * its explicit roles keep it a table for screen readers that drop the semantics of a restyled table.
 */
import styled from 'styled-components';
import type { ChartTable } from '../../../components/charts';
import { CardTable } from '../CardTable';

/** Up to this many columns, a table fits a phone's width without stacking. */
const FITS_A_PHONE = 3;

interface FigureTableProps {
  /** The table's name for assistive technology (its caption, visually hidden: the section's heading shows it). */
  caption: string;
  /** The charts' table shape, so one builder serves a chart's table and a table of its own. */
  table: ChartTable;
}

export function FigureTable({ caption, table }: FigureTableProps) {
  const [rowName, ...figures] = table.columns;
  const rows = (
    <>
      <caption className="visually-hidden">{caption}</caption>
      <thead role="rowgroup">
        <tr role="row">
          <th role="columnheader" scope="col">
            {rowName}
          </th>
          {figures.map((column) => (
            <th role="columnheader" scope="col" key={column}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup">
        {table.rows.map(([name, ...cells]) => (
          <tr role="row" key={String(name)}>
            <th role="rowheader" scope="row">
              {name}
            </th>
            {cells.map((cell, index) => (
              <td role="cell" key={figures[index]} data-label={figures[index]}>
                {cell}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </>
  );
  return table.columns.length > FITS_A_PHONE ? (
    <StackedTable role="table" $busy={false} $labelWidth="5.5rem">
      {rows}
    </StackedTable>
  ) : (
    <PlainTable>{rows}</PlainTable>
  );
}

const StackedTable = styled(CardTable)`
  font-variant-numeric: tabular-nums;
  th,
  td {
    white-space: nowrap;
  }
`;

/** CardTable's look without the stacking. */
const PlainTable = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-variant-numeric: tabular-nums;
  th,
  td {
    padding: ${({ theme }) => theme.space.sm};
    text-align: left;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  thead th {
    font-size: ${({ theme }) => theme.fontSizes.xs};
    text-transform: uppercase;
    letter-spacing: 0.04em;
    color: ${({ theme }) => theme.colors.inkSoft};
  }
  tbody th {
    font-weight: 700;
    white-space: nowrap;
  }
`;
