/**
 * The admin's list tables (participants, activity): a real table on wide screens; below the `lg`
 * breakpoint each row stacks as a card with every value under its column's name (`data-label`).
 * Each table adds its own column rules on top (`styled(CardTable)`).
 */
import styled from 'styled-components';

export const CardTable = styled.table<{
  /** The next page is loading: these rows are the previous page's. */
  $busy: boolean;
  /** How wide the column names are on a card. */
  $labelWidth: string;
}>`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  /* Not faded while busy: faded text would fall below the contrast the rows need (the status says it). */
  cursor: ${({ $busy }) => ($busy ? 'progress' : 'auto')};

  th,
  td {
    padding: ${({ theme }) => theme.space.sm};
    text-align: left;
    vertical-align: middle;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  thead th {
    font-size: ${({ theme }) => theme.fontSizes.xs};
    text-transform: uppercase;
    letter-spacing: 0.04em;
    color: ${({ theme }) => theme.colors.inkSoft};
    white-space: nowrap;
  }
  tbody th {
    font-weight: 700;
  }

  @media (max-width: calc(${({ theme }) => theme.breakpoints.lg} - 0.02px)) {
    thead {
      position: absolute;
      width: 1px;
      height: 1px;
      overflow: hidden;
      clip: rect(0 0 0 0);
      white-space: nowrap;
    }
    tbody,
    tr,
    th,
    td {
      display: block;
    }
    tr {
      padding: ${({ theme }) => theme.space.sm} 0;
      border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    }
    tbody th,
    td {
      border-bottom: 0;
      padding: ${({ theme }) => theme.space.xs} 0;
    }
    td[data-label] {
      display: grid;
      grid-template-columns: ${({ $labelWidth }) => $labelWidth} 1fr;
      gap: ${({ theme }) => theme.space.sm};
      align-items: center;
      justify-items: start;
    }
    td[data-label]::before {
      content: attr(data-label);
      color: ${({ theme }) => theme.colors.inkSoft};
      font-weight: 600;
    }
  }
`;
