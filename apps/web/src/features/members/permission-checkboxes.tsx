import { Checkbox, Stack, Tooltip } from '@mantine/core';
import {
  defaultPermission,
  normalizePermissions,
  permissionKeys,
  type PermissionKey,
} from '@billbridge/contract';
import { usePermissionLabel } from './permission-badges.tsx';

type PermissionCheckboxesProps = {
  label: string;
  value: readonly string[];
  onChange: (permissions: PermissionKey[]) => void;
  /** Permissions the caller may not grant: shown, but disabled with this reason. */
  locked?: { keys: readonly PermissionKey[]; reason: string };
};

/**
 * One checkbox per configured permission (spec §2). The default permission is always checked and
 * cannot be unchecked (spec §5); the value always carries it.
 */
export const PermissionCheckboxes = ({ label, value, onChange, locked }: PermissionCheckboxesProps) => {
  const permissionLabel = usePermissionLabel();
  return (
    <Checkbox.Group
      label={label}
      value={normalizePermissions(value)}
      onChange={(keys) => onChange(normalizePermissions(keys))}
    >
      <Stack gap="xs" mt="xs">
        {permissionKeys.map((key) =>
          locked?.keys.includes(key) ? (
            <Tooltip key={key} label={locked.reason} position="top-start">
              <Checkbox value={key} label={permissionLabel(key)} disabled description={locked.reason} />
            </Tooltip>
          ) : (
            <Checkbox
              key={key}
              value={key}
              label={permissionLabel(key)}
              disabled={key === defaultPermission}
            />
          ),
        )}
      </Stack>
    </Checkbox.Group>
  );
};
