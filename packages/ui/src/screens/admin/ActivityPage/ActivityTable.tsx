/**
 * One page of the admin's actions as a table: When, What, Participant, From. On narrow screens
 * each row stacks as a card with the column names beside the values; the explicit roles keep it
 * a table for screen readers that drop the semantics of a restyled table.
 */
import type { AdminActivity } from '@prr/contract';
import { ADMIN_ACTION_WORDS } from '@prr/domain';
import styled from 'styled-components';
import { CardTable } from '../CardTable';

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
    <Table $labelWidth="6rem" role="table" aria-busy={busy || undefined} $busy={busy}>
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

const Table = styled(CardTable)`
  tbody th {
    white-space: nowrap;
  }
  td[data-label='Participant'] {
    overflow-wrap: anywhere;
  }
`;
