/**
 * Radix Select with a visible label. Options never use the empty string as a value
 * (Radix reserves it for "no selection").
 */
import * as RadixSelect from '@radix-ui/react-select';
import { useId } from 'react';
import styled from 'styled-components';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps {
  label: string;
  value: string;
  onValueChange: (value: string) => void;
  options: readonly SelectOption[];
  placeholder?: string;
  disabled?: boolean;
}

export function Select({ label, value, onValueChange, options, placeholder, disabled }: SelectProps) {
  const id = useId();
  return (
    <Field>
      <label id={`${id}-label`} htmlFor={id}>
        {label}
      </label>
      <RadixSelect.Root value={value} onValueChange={onValueChange} disabled={disabled}>
        <Trigger id={id} aria-labelledby={`${id}-label`}>
          <RadixSelect.Value placeholder={placeholder} />
          <RadixSelect.Icon aria-hidden>▾</RadixSelect.Icon>
        </Trigger>
        <RadixSelect.Portal>
          <Content position="popper" sideOffset={4}>
            <RadixSelect.Viewport>
              {options.map((option) => (
                <Item key={option.value} value={option.value}>
                  <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
                </Item>
              ))}
            </RadixSelect.Viewport>
          </Content>
        </RadixSelect.Portal>
      </RadixSelect.Root>
    </Field>
  );
}

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  label {
    font-weight: 600;
    font-size: ${({ theme }) => theme.fontSizes.sm};
  }
`;

const Trigger = styled(RadixSelect.Trigger)`
  display: inline-flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  padding: 0.6rem 0.85rem;
  border-radius: ${({ theme }) => theme.radii.sm};
  border: 1.5px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.ink};
  cursor: pointer;
`;

const Content = styled(RadixSelect.Content)`
  z-index: ${({ theme }) => theme.zIndex.overlay + 2};
  min-width: var(--radix-select-trigger-width);
  max-height: 18rem;
  overflow: hidden;
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  box-shadow: ${({ theme }) => theme.shadows.raised};
`;

const Item = styled(RadixSelect.Item)`
  padding: 0.45rem 0.85rem;
  cursor: pointer;
  outline: none;
  &[data-highlighted] {
    background: ${({ theme }) => theme.colors.brandSoft};
  }
  &[data-state='checked'] {
    font-weight: 700;
  }
`;
