import type { ReactNode } from 'react';
import { Stack, Text } from '@mantine/core';

/** A group of a source's settings under its legend, without the fieldset's default frame. */
export const SettingsFieldset = ({ legend, children }: { legend: string; children: ReactNode }) => (
  <Stack gap="xs" component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
    <Text component="legend" fw={500} size="sm" mb="xs">
      {legend}
    </Text>
    {children}
  </Stack>
);
