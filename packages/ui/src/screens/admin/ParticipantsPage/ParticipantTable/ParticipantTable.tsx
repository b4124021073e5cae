/**
 * One page of participants as a table (name, e-mail, state, ZIP code, badge, join date and the
 * row's actions), captioned and with the current order marked on its column (aria-sort). On
 * narrow screens each row stacks as a card with the column names beside the values; the explicit
 * roles keep it a table for screen readers that drop the semantics of a restyled table. An address
 * the mail server refused says so in words under it (docs/product/rules.md#undeliverable-addresses).
 */
import type { AdminMember, AdminMemberSort } from '@prr/contract';
import styled from 'styled-components';
import { CardTable } from '../../CardTable';
import { Button } from '../../../../primitives';
import { formatJoinDate } from '../../RecentParticipants';
import { StatusBadge } from '../../StatusBadge';
import { StatusToggle } from '../StatusToggle';

interface ParticipantTableProps {
  members: readonly AdminMember[];
  caption: string;
  sort: AdminMemberSort;
  /** The next page is loading: these rows are the previous page's. */
  busy: boolean;
  onEdit: (member: AdminMember) => void;
  onDelete: (member: AdminMember) => void;
}

type AriaSort = 'ascending' | 'descending' | undefined;

const nameSort = (sort: AdminMemberSort): AriaSort =>
  sort === 'name' ? 'ascending' : sort === 'name-desc' ? 'descending' : undefined;
const joinSort = (sort: AdminMemberSort): AriaSort =>
  sort === 'newest' ? 'descending' : sort === 'oldest' ? 'ascending' : undefined;

export function ParticipantTable({ members, caption, sort, busy, onEdit, onDelete }: ParticipantTableProps) {
  return (
    <Table $labelWidth="5rem" role="table" aria-busy={busy || undefined} $busy={busy}>
      <caption className="visually-hidden">{caption}</caption>
      <thead role="rowgroup">
        <tr role="row">
          <th role="columnheader" scope="col" aria-sort={nameSort(sort)}>
            Name
          </th>
          <th role="columnheader" scope="col">
            Email
          </th>
          <th role="columnheader" scope="col">
            State
          </th>
          <th role="columnheader" scope="col">
            ZIP Code
          </th>
          <th role="columnheader" scope="col">
            Status
          </th>
          <th role="columnheader" scope="col" aria-sort={joinSort(sort)}>
            Joined
          </th>
          <th role="columnheader" scope="col">
            Actions
          </th>
        </tr>
      </thead>
      <tbody role="rowgroup">
        {members.map((member) => (
          <ParticipantRow key={member.id} member={member} onEdit={onEdit} onDelete={onDelete} />
        ))}
      </tbody>
    </Table>
  );
}

interface ParticipantRowProps {
  member: AdminMember;
  onEdit: (member: AdminMember) => void;
  onDelete: (member: AdminMember) => void;
}

function ParticipantRow({ member, onEdit, onDelete }: ParticipantRowProps) {
  return (
    <tr role="row">
      <th role="rowheader" scope="row">
        {member.name}
      </th>
      <td role="cell" data-label="Email">
        {member.emailUndeliverable ? (
          <Undeliverable email={member.email} {...member.emailUndeliverable} />
        ) : (
          member.email
        )}
      </td>
      <td role="cell" data-label="State">
        {member.state || 'State unknown'}
      </td>
      <td role="cell" data-label="ZIP Code">
        {member.zipCode}
      </td>
      <td role="cell" data-label="Status">
        <StatusBadge isActive={member.isActive} />
      </td>
      <td role="cell" data-label="Joined">
        <time dateTime={member.joinedAt}>{formatJoinDate(member.joinedAt)}</time>
      </td>
      <td role="cell">
        <Actions>
          {/* Named after the person (the visible word first, WCAG 2.5.3), so the rows' buttons differ. */}
          <Button variant="secondary" size="sm" aria-label={`Edit ${member.name}`} onClick={() => onEdit(member)}>
            Edit
          </Button>
          <StatusToggle member={member} />
          <Button variant="ghost" size="sm" aria-label={`Delete ${member.name}`} onClick={() => onDelete(member)}>
            Delete
          </Button>
        </Actions>
      </td>
    </tr>
  );
}

type UndeliverableProps = NonNullable<AdminMember['emailUndeliverable']> & { email: string };

/**
 * The address, and under it in words, not a colour: "E-mail undeliverable since Oct 4, 2025 (SMTP
 * 550)". One element, so that on a card both sit beside the column's name.
 */
function Undeliverable({ email, since, smtpCode }: UndeliverableProps) {
  return (
    <span>
      {email}
      <Note>
        E-mail undeliverable since <time dateTime={since}>{formatJoinDate(since)}</time> (SMTP {smtpCode})
      </Note>
    </span>
  );
}

const Note = styled.span`
  display: block;
  margin-top: ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
  color: ${({ theme }) => theme.colors.danger};
`;

const Table = styled(CardTable)`
  tbody th {
    overflow-wrap: anywhere;
  }
  td[data-label='Email'] {
    overflow-wrap: anywhere;
  }
  td[data-label='Joined'] {
    white-space: nowrap;
  }
  @media (max-width: calc(${({ theme }) => theme.breakpoints.lg} - 0.02px)) {
    tbody th {
      font-size: ${({ theme }) => theme.fontSizes.md};
    }
  }
`;

/** One line in the table (the e-mail column gives way instead); they may wrap on a card. */
const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
  @media (max-width: calc(${({ theme }) => theme.breakpoints.lg} - 0.02px)) {
    flex-wrap: wrap;
    padding-top: ${({ theme }) => theme.space.xs};
  }
`;
