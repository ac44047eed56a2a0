import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A wide table scrolls sideways on a small screen, with the browser's own scrollbar. Mantine's
 * `Table.ScrollContainer` does the same but imports its `ScrollArea` and, through it, all of
 * floating-ui (~20 KB gzip) even in its native mode: too much for the dashboard's first render.
 */
export const TableScroll = ({ minWidth, children }: { minWidth: number; children: ReactNode }) => (
  <Box style={{ overflowX: 'auto' }}>
    <Box miw={minWidth}>{children}</Box>
  </Box>
);
