import { Alert, Button, Group } from '@mantine/core';

type Props = {
  /** The form-level error (a refusal without a field), shown above the buttons. */
  error: string | null;
  isSaving: boolean;
  saveLabel: string;
  saveTestId: string;
  /** Without it, no cancel button (a form placed in a page rather than a dialog). */
  onCancel?: (() => void) | undefined;
  cancelLabel: string;
};

/**
 * The footer of the medication entry forms (records and accounting entries, issue 21): the form's
 * error, then cancel and the submitting save button at the end of the line.
 */
export function MedicationFormFooter({
  error,
  isSaving,
  saveLabel,
  saveTestId,
  onCancel,
  cancelLabel,
}: Props) {
  return (
    <>
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        {onCancel && (
          <Button variant="default" onClick={onCancel} disabled={isSaving}>
            {cancelLabel}
          </Button>
        )}
        <Button type="submit" loading={isSaving} data-testid={saveTestId}>
          {saveLabel}
        </Button>
      </Group>
    </>
  );
}
