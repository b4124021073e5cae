/**
 * Moving through the list: 'Showing 26–50 of 1,234', Previous and Next around 'Page 2 of 50',
 * and the page size (25, 50 or 100).
 */
import { ADMIN_PAGE_SIZES } from '@prr/contract';
import styled from 'styled-components';
import { Button, Select } from '../../../../primitives';
import { media } from '../../../../theme';
import { formatCount } from '../../../map/mapRules';
import { isPageSize, type PageSize } from '../useParticipantListParams';
import { pageRange } from './pageRange';

const pageSizeOptions = ADMIN_PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }));

interface PaginationProps {
  page: number;
  pageSize: PageSize;
  total: number;
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: PageSize) => void;
}

export function Pagination({ page, pageSize, total, onPageChange, onPageSizeChange }: PaginationProps) {
  const { pageCount, first, last } = pageRange(page, pageSize, total);
  return (
    <Bar aria-label="Pagination">
      <Summary>
        Showing {formatCount(first)}–{formatCount(last)} of {formatCount(total)}
      </Summary>
      <Pages>
        <StepButton label="Previous" disabled={page <= 1} onClick={() => onPageChange(page - 1)} />
        <PageOf>
          Page {formatCount(page)} of {formatCount(pageCount)}
        </PageOf>
        <StepButton label="Next" disabled={page >= pageCount} onClick={() => onPageChange(page + 1)} />
      </Pages>
      <SizeField>
        <Select
          label="Rows per page"
          value={String(pageSize)}
          options={pageSizeOptions}
          onValueChange={(value) => {
            const size = Number(value);
            if (isPageSize(size)) onPageSizeChange(size);
          }}
        />
      </SizeField>
    </Bar>
  );
}

interface StepButtonProps {
  label: 'Previous' | 'Next';
  disabled: boolean;
  onClick: () => void;
}

/**
 * aria-disabled rather than disabled: a keyboard user who pages to the end keeps their focus on
 * Next instead of losing it to the page when the button turns off.
 */
function StepButton({ label, disabled, onClick }: StepButtonProps) {
  return (
    <Step
      variant="secondary"
      size="sm"
      aria-label={`${label} page`}
      aria-disabled={disabled}
      onClick={disabled ? undefined : onClick}
    >
      {label}
    </Step>
  );
}

const Step = styled(Button)`
  &[aria-disabled='true'] {
    opacity: 0.6;
    cursor: not-allowed;
  }
`;

const Bar = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.lg};
`;

const Summary = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.inkSoft};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Pages = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

const PageOf = styled.span`
  font-weight: 600;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  white-space: nowrap;
`;

/** The label beside the menu rather than above it, so the bar stays one line on wide screens. */
const SizeField = styled.div`
  > div {
    flex-direction: row;
    align-items: center;
    gap: ${({ theme }) => theme.space.sm};
  }
  ${media.sm} {
    margin-left: auto;
  }
`;
