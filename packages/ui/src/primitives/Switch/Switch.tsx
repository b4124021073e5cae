/** Radix Switch with a visible label; the whole row is clickable. */
import * as RadixSwitch from '@radix-ui/react-switch';
import { useId, type ReactNode } from 'react';
import styled from 'styled-components';

export interface SwitchProps {
  label: ReactNode;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  description?: ReactNode;
  disabled?: boolean;
  id?: string;
}

export function Switch({ label, checked, onCheckedChange, description, disabled, id }: SwitchProps) {
  const generated = useId();
  const switchId = id ?? generated;
  const descriptionId = `${switchId}-description`;
  return (
    <Row>
      <Text>
        <label htmlFor={switchId}>{label}</label>
        {description ? <small id={descriptionId}>{description}</small> : null}
      </Text>
      <Root
        id={switchId}
        checked={checked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        aria-describedby={description ? descriptionId : undefined}
      >
        <Thumb />
      </Root>
    </Row>
  );
}

const Row = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.sm} 0;
`;

const Text = styled.div`
  display: flex;
  flex-direction: column;
  label {
    font-weight: 600;
    cursor: pointer;
  }
  small {
    color: ${({ theme }) => theme.colors.muted};
  }
`;

const Root = styled(RadixSwitch.Root)`
  flex-shrink: 0;
  position: relative;
  width: 44px;
  height: 24px;
  border-radius: ${({ theme }) => theme.radii.pill};
  border: 0;
  background: ${({ theme }) => theme.colors.border};
  cursor: pointer;
  &[data-state='checked'] {
    background: ${({ theme }) => theme.colors.olive};
  }
  &:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
`;

const Thumb = styled(RadixSwitch.Thumb)`
  display: block;
  width: 20px;
  height: 20px;
  border-radius: 50%;
  background: #fff;
  transform: translateX(2px);
  transition: transform 120ms ease;
  &[data-state='checked'] {
    transform: translateX(22px);
  }
`;
