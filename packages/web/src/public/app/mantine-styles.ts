// Mantine's CSS per component instead of the whole sheet: the participant bundle must stay small
// (issue 8 item 6). The order is Mantine's own styles.css order (base parts such as UnstyledButton
// must come before Button, which overrides them). A component used on a public page needs its sheet
// here, in that order, or imported by its page (Input for text fields, Combobox/Popover for selects).
// Sheets of components no participant page renders are left out (issue 16: fill page <= 190 KiB gzip),
// and those of one page's components come with that page's chunk: Stepper (consent, unsubscribe,
// sign-up), SimpleGrid (sign-up), ThemeIcon (completion, success, unsubscribe). Those of components
// the fill page does not render (dialogs, check boxes, scroll areas, tables, action icons...) come
// with the chunk of the component: the build imports them with its class names
// (vite-mantine-sheets.ts DEFERRED_MANTINE_SHEETS); in development, mantine-styles-deferred.ts.
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Badge.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
import '@mantine/core/styles/Typography.css';

// The development server has no per-chunk sheets: it loads the deferred ones after these.
if (import.meta.env.DEV) void import('./mantine-styles-deferred');
