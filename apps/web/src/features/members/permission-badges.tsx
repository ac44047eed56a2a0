import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { permissionDefinitions, permissionKeys } from '@billbridge/contract';
import { configKey } from '../../i18n/config-keys.ts';

/** The configured label of a permission key; unknown keys are shown as they are. */
export const usePermissionLabel = (): ((key: string) => string) => {
  const { t } = useTranslation();
  return (key) =>
    (permissionKeys as readonly string[]).includes(key)
      ? t(configKey(permissionDefinitions[key as (typeof permissionKeys)[number]].labelKey))
      : key;
};

export const PermissionBadges = ({ permissions }: { permissions: readonly string[] }) => {
  const label = usePermissionLabel();
  return (
    <Group gap={4}>
      {permissions.map((key) => (
        <Badge key={key} variant="outline" color="gray" size="sm">
          {label(key)}
        </Badge>
      ))}
    </Group>
  );
};
