import { createElement, type ComponentChildren } from 'preact';

type ActivityProps = { mode?: 'visible' | 'hidden'; children?: ComponentChildren };

/**
 * React 19's `<Activity>` for Preact. Mantine renders it only for `keepMounted` transitions, tabs
 * and tree nodes: hidden content stays mounted (its state kept) but is not displayed. One wrapper in
 * both modes keeps the tree's shape, so switching never remounts the children; `display: contents`
 * leaves the layout as if the wrapper were not there.
 */
export const Activity = ({ mode = 'visible', children }: ActivityProps) =>
  createElement('div', { style: { display: mode === 'hidden' ? 'none' : 'contents' } }, children);
