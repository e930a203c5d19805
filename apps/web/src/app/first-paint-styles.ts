// The first paint's stylesheet: Mantine's base and only the components that the sign-in page, the loading
// skeletons and the error pages show, in the order of Mantine's full sheet (which the signed-in shell
// loads, app/signed-in-frame.tsx). A component shown before the shell must be named here.
//
// main.tsx imports this module dynamically and renders once it has loaded, rather than importing the CSS
// itself: a stylesheet the entry imports becomes a <link> in index.html that holds back every paint, the
// loading screen's too. index.html preloads it (build/preload-modules.ts), so it is not fetched later.
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
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/ThemeIcon.css';
import '@mantine/core/styles/Title.css';
