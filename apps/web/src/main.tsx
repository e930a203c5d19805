// The first paint's stylesheet: Mantine's base and only the components that the sign-in page, the loading
// skeletons and the error pages show, in the order of Mantine's full sheet (which the signed-in shell
// loads, app/signed-in-frame.tsx). A component used before the shell must be named here.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/ThemeIcon.css';
import '@mantine/core/styles/Title.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient, Providers } from './app/providers';
import { router } from './app/router';

const client = createQueryClient();

// The first render as a transition: React renders in slices and lets the browser breathe between them, so
// a slow phone is not frozen while the page mounts (the loading screen in index.html stays until it is done).
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <Providers client={client}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  ),
);

// Only the production build has a worker: in development it would serve stale modules. Registered once the
// page has loaded, from its own chunk: the first paint does not wait for it.
if (import.meta.env.PROD)
  window.addEventListener('load', () => {
    void import('./app/service-worker').then((m) => m.registerServiceWorker()).catch(() => undefined);
  });
