// The floor of the stack (`npm run bench:lighthouse-floor`): React 19 and Mantine with all of its
// CSS, one sign-in card, nothing else — no router, translations, session or lazy chunks.
import '@mantine/core/styles.css';
import { Button, Card, MantineProvider, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { createRoot } from 'react-dom/client';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');
createRoot(container).render(
  <MantineProvider>
    <main>
      <Card withBorder m="md" padding="lg">
        <Stack>
          <Title order={1}>Sign in</Title>
          <TextInput label="Email" />
          <PasswordInput label="Password" />
          <Button>Sign in</Button>
        </Stack>
      </Card>
    </main>
  </MantineProvider>,
);
