/**
 * A chart as a figure (docs/decisions/034-charts.md): its title, a sentence saying what it shows
 * (the figure's description, so a screen reader hears it with the title), the chart, and the same
 * figures as a table, one button away. The table is always in the page, hidden until asked for, so
 * print shows it under the chart and the button can point at it.
 */
import { useId, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '../../primitives';
import { media } from '../../theme';

export interface ChartTable {
  columns: string[];
  /** The first cell of each row names it (a row header). */
  rows: (string | number)[][];
}

export interface ChartFigureProps {
  title: string;
  summary: string;
  table: ChartTable;
  children: ReactNode;
}

export function ChartFigure({ title, summary, table, children }: ChartFigureProps) {
  const [asTable, setAsTable] = useState(false);
  const id = useId();
  const titleId = `${id}-title`;
  const summaryId = `${id}-summary`;
  const tableId = `${id}-table`;

  return (
    <Figure aria-labelledby={titleId} aria-describedby={summaryId}>
      <Caption>
        <Title id={titleId}>{title}</Title>
        <Summary id={summaryId}>{summary}</Summary>
      </Caption>
      <Toggle>
        <Button
          variant="secondary"
          size="sm"
          aria-controls={tableId}
          aria-expanded={asTable}
          onClick={() => setAsTable((shown) => !shown)}
        >
          {asTable ? 'Show as chart' : 'Show as table'}
        </Button>
      </Toggle>
      <Swappable hidden={asTable}>{children}</Swappable>
      <Swappable id={tableId} hidden={!asTable}>
        <TableScroll>
          <Table>
            <caption>{title}</caption>
            <thead>
              <tr>
                {table.columns.map((column) => (
                  <th key={column} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, rowIndex) => (
                <tr key={`${String(row[0])}-${rowIndex}`}>
                  {row.map((cell, index) =>
                    index === 0 ? (
                      <th key={index} scope="row">
                        {cell}
                      </th>
                    ) : (
                      <td key={index}>{cell}</td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </Table>
        </TableScroll>
      </Swappable>
    </Figure>
  );
}

/**
 * Title and summary beside the button where there is room, the button under them on a phone (the
 * row wraps), and the chart or table under both.
 */
const Figure = styled.figure`
  margin: 0;
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md};
  ${media.sm} {
    padding: ${({ theme }) => theme.space.lg};
  }
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.card};
  @media print {
    display: block;
    box-shadow: none;
    border-color: #000;
    background: #fff;
    color: #000;
    break-inside: avoid;
  }
`;

const Caption = styled.figcaption`
  flex: 1 1 18rem;
  min-width: 0;
`;

const Title = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.xs};
  font-family: ${({ theme }) => theme.fonts.heading};
  font-size: ${({ theme }) => theme.fontSizes.lg};
  font-weight: 700;
  line-height: 1.3;
`;

const Summary = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.inkSoft};
  @media print {
    color: #000;
  }
`;

const Toggle = styled.div`
  flex: none;
  @media print {
    display: none;
  }
`;

/** The chart and the table take turns on screen; print shows both. */
const Swappable = styled.div`
  flex: 1 1 100%;
  min-width: 0;
  &[hidden] {
    display: none;
  }
  @media print {
    &[hidden] {
      display: block;
    }
    & + & {
      margin-top: 1rem;
    }
  }
`;

/** A wide table scrolls on its own rather than the page. */
const TableScroll = styled.div`
  overflow-x: auto;
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  caption {
    text-align: left;
    font-weight: 600;
    padding-bottom: ${({ theme }) => theme.space.xs};
    color: ${({ theme }) => theme.colors.inkSoft};
  }
  th,
  td {
    padding: ${({ theme }) => theme.space.xs} 0.35rem;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    text-align: right;
  }
  th:first-child {
    text-align: left;
    white-space: nowrap;
  }
  thead th {
    color: ${({ theme }) => theme.colors.inkSoft};
  }
  tbody th {
    font-weight: 600;
  }
  @media print {
    caption,
    thead th {
      color: #000;
    }
    th,
    td {
      border-color: #000;
    }
  }
`;
