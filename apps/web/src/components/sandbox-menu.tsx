import { Badge, Menu, UnstyledButton } from '@mantine/core';
import { IconExternalLink, IconMail } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

type SandboxInfo = { controlUrl: string; mailboxPath: string };

/** `GET /api/sandbox` answers only when the server runs the local stand-ins. */
const fetchSandboxInfo = async (): Promise<SandboxInfo | null> => {
  const response = await fetch('/api/sandbox');
  return response.ok ? ((await response.json()) as SandboxInfo) : null;
};

/**
 * In the embedded default: a "Sandbox" badge in the top bar linking the stand-ins' control page
 * (customers, billing subscriptions, invoices; what reached HubSpot) and the dev mailbox.
 */
export const SandboxMenu = () => {
  const { t } = useTranslation();
  const { data } = useQuery({ queryKey: ['sandbox-info'], queryFn: fetchSandboxInfo, staleTime: Infinity });
  if (!data) return null;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UnstyledButton>
          {/* Dark text on orange: the light variant's orange text read 2.6:1, under WCAG AA's 4.5. */}
          <Badge color="orange.4" autoContrast>
            {t('sandbox.label')}
          </Badge>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label maw={260}>{t('sandbox.hint')}</Menu.Label>
        <Menu.Item
          component="a"
          href={data.controlUrl}
          target="_blank"
          rel="noreferrer"
          leftSection={<IconExternalLink size={16} />}
        >
          {t('sandbox.control')}
        </Menu.Item>
        <Menu.Item
          component="a"
          href={data.mailboxPath}
          target="_blank"
          rel="noreferrer"
          leftSection={<IconMail size={16} />}
        >
          {t('sandbox.mailbox')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
};
