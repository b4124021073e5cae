/**
 * One page of the admin's actions as a table: When, What, Participant, From. On narrow screens
 * each row stacks as a card with the column names beside the values; the explicit roles keep it
 * a table for screen readers that drop the semantics of a restyled table.
 */
import type { AdminActivity } from '@prr/contract';
import { ADMIN_ACTION_WORDS } from '@prr/domain';
import styled from 'styled-components';

const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** When an action happened, in the admin's own time zone. */
export function formatActivityTime(at: string): string {
  return when.format(new Date(at));
}

interface ActivityTableProps {
  items: readonly AdminActivity[];
  /** The next page is loading: these rows are the previous page's. */
  busy: boolean;
}

export function ActivityTable({ items, busy }: ActivityTableProps) {
  return (
    <Table role="table" aria-busy={busy || undefined} $busy={busy}>
      <caption className="visually-hidden">Admin activity, newest first</caption>
      <thead role="rowgroup">
        <tr role="row">
          <th role="columnheader" scope="col" aria-sort="descending">
            When
          </th>
          <th role="columnheader" scope="col">
            What
          </th>
          <th role="columnheader" scope="col">
            Participant
          </th>
          <th role="columnheader" scope="col">
            From
          </th>
        </tr>
      </thead>
      <tbody role="rowgroup">
        {items.map((item) => (
          <tr role="row" key={item.id}>
            <th role="rowheader" scope="row">
              <time dateTime={item.at}>{formatActivityTime(item.at)}</time>
            </th>
            <td role="cell" data-label="What">
              {ADMIN_ACTION_WORDS[item.action]}
            </td>
            <td role="cell" data-label="Participant">
              {item.participant ? item.participant.name : <None>None</None>}
            </td>
            <td role="cell" data-label="From">
              <Network>{item.network}</Network>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

const None = styled.span`
  color: ${({ theme }) => theme.colors.inkSoft};
`;

const Network = styled.code`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  overflow-wrap: anywhere;
`;

const Table = styled.table<{ $busy: boolean }>`
  width: 100%;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.fontSizes.sm};
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
    white-space: nowrap;
  }
  td[data-label='Participant'] {
    overflow-wrap: anywhere;
  }

  /* Narrow screens: each row a card, each value under its column's name. */
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
      grid-template-columns: 6rem 1fr;
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
