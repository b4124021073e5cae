/**
 * The site's one button look, for <button>, in-app links and outbound links alike, so a
 * "button" that navigates is still a link to assistive technology.
 */
import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode } from 'react';
import { SiteLink, type SiteLinkProps } from '../../navigation';
import styled, { css } from 'styled-components';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface StyleProps {
  $variant: ButtonVariant;
  $size: ButtonSize;
  $block: boolean;
}

const buttonStyles = css<StyleProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  width: ${({ $block }) => ($block ? '100%' : 'auto')};
  border-radius: ${({ theme }) => theme.radii.pill};
  border: 2px solid transparent;
  font-weight: 700;
  text-decoration: none;
  cursor: pointer;
  transition:
    background 150ms ease,
    color 150ms ease,
    border-color 150ms ease,
    transform 150ms ease;
  padding: ${({ $size }) => ({ sm: '0.35rem 0.9rem', md: '0.6rem 1.3rem', lg: '0.85rem 1.8rem' })[$size]};
  font-size: ${({ $size, theme }) => ({ sm: theme.fontSizes.sm, md: theme.fontSizes.md, lg: theme.fontSizes.lg })[$size]};
  ${({ $variant, theme }) =>
    ({
      primary: css`
        background: ${theme.colors.brand};
        color: #fff;
        &:hover:not(:disabled) {
          background: ${theme.colors.brandDark};
        }
      `,
      secondary: css`
        background: transparent;
        color: ${theme.colors.brandDark};
        border-color: ${theme.colors.brand};
        &:hover:not(:disabled) {
          background: ${theme.colors.brandSoft};
        }
      `,
      ghost: css`
        background: transparent;
        color: ${theme.colors.ink};
        &:hover:not(:disabled) {
          background: ${theme.colors.sand};
        }
      `,
      danger: css`
        background: ${theme.colors.danger};
        color: #fff;
      `,
    })[$variant]}
  &:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
`;

const StyledButton = styled.button<StyleProps>`
  ${buttonStyles}
`;
const StyledLink = styled(SiteLink)<StyleProps>`
  ${buttonStyles}
`;
const StyledAnchor = styled.a<StyleProps>`
  ${buttonStyles}
`;

interface CommonProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  block?: boolean;
  children: ReactNode;
}

function styleProps({ variant = 'primary', size = 'md', block = false }: CommonProps): StyleProps {
  return { $variant: variant, $size: size, $block: block };
}

export type ButtonProps = CommonProps & ButtonHTMLAttributes<HTMLButtonElement>;

export function Button({ variant, size, block, type = 'button', ...rest }: ButtonProps) {
  return <StyledButton type={type} {...styleProps({ variant, size, block, children: null })} {...rest} />;
}

export type ButtonLinkProps = CommonProps & Omit<SiteLinkProps, 'children'>;

/** An in-app link that looks like a button. */
export function ButtonLink({ variant, size, block, ...rest }: ButtonLinkProps) {
  return <StyledLink {...styleProps({ variant, size, block, children: null })} {...rest} />;
}

export type ExternalButtonLinkProps = CommonProps & AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

/** An outbound link that looks like a button; always opens a new tab safely. */
export function ExternalButtonLink({ variant, size, block, ...rest }: ExternalButtonLinkProps) {
  return (
    <StyledAnchor
      target="_blank"
      rel="noopener noreferrer"
      {...styleProps({ variant, size, block, children: null })}
      {...rest}
    />
  );
}
