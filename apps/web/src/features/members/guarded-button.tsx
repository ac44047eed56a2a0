import type { ReactNode } from 'react';
import { Button, Tooltip, type ButtonProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OwnerActionBlock } from './owner-action.ts';

type GuardedButtonProps = ButtonProps & {
  block: OwnerActionBlock;
  onClick?: () => void;
  children: ReactNode;
  'aria-label'?: string;
};

/**
 * A button some users may not press (spec §6): disabled with a tooltip saying why. The tooltip sits
 * on a wrapper, because a disabled button gets no pointer events.
 */
export const GuardedButton = ({ block, children, ...props }: GuardedButtonProps) => {
  const { t } = useTranslation();
  if (!block) return <Button {...props}>{children}</Button>;
  return (
    <Tooltip label={t(`ownerActions.${block}`)} withArrow>
      <span style={{ display: 'inline-block' }} data-testid="guarded-action">
        <Button {...props} disabled>
          {children}
        </Button>
      </span>
    </Tooltip>
  );
};
