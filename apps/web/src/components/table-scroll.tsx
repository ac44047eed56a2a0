import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A wide table scrolls sideways on a small screen, with the browser's own scrollbar. Mantine's
 * `Table.ScrollContainer` does the same but imports its `ScrollArea` and, through it, all of
 * floating-ui (~20 KB gzip) even in its native mode: too much for the dashboard's first render.
 * It takes the focus, so a keyboard user scrolls it with the arrows (WCAG 2.1.1; axe's
 * `scrollable-region-focusable`); named by `label`, a screen reader says what it holds.
 */
export const TableScroll = ({
  minWidth,
  label,
  children,
}: {
  minWidth: number;
  label: string;
  children: ReactNode;
}) => (
  <Box style={{ overflowX: 'auto' }} tabIndex={0} role="group" aria-label={label}>
    <Box miw={minWidth}>{children}</Box>
  </Box>
);
