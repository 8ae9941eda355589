// Development only (mantine-styles.ts): the sheets the participant build attaches to the chunks of
// their components (vite-mantine-sheets.ts DEFERRED_MANTINE_SHEETS, same groups, same order).
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/CheckboxIndicator.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Slider.css';
import '@mantine/core/styles/Table.css';
