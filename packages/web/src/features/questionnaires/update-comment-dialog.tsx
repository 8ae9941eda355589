import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec 001 §5 / §9: the update comment is required, at most 2048 characters. */
export const UPDATE_COMMENT_MAX = 2048;

type UpdateCommentDialogProps = {
  isOpen: boolean;
  isSubmitting: boolean;
  onCancel: () => void;
  onConfirm: (comment: string) => void;
};

/** Spec 001 §2 comment-on-update dialog: the reason kept with the audit event of an update. */
export function UpdateCommentDialog({ isOpen, isSubmitting, onCancel, onConfirm }: UpdateCommentDialogProps) {
  const { t } = useTranslation();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (isOpen) {
      setComment('');
      setError(null);
    }
  }, [isOpen]);

  const handleSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = comment.trim();
    if (!text) return setError(t('QUESTIONNAIRES.COMMENT.REQUIRED'));
    if (text.length > UPDATE_COMMENT_MAX) {
      return setError(t('QUESTIONNAIRES.COMMENT.TOO_LONG', { max: UPDATE_COMMENT_MAX }));
    }
    onConfirm(text);
  };

  return (
    <Modal opened={isOpen} onClose={onCancel} title={t('QUESTIONNAIRES.COMMENT.TITLE')} centered>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <Textarea
            label={t('QUESTIONNAIRES.COMMENT.LABEL')}
            description={t('QUESTIONNAIRES.COMMENT.DESCRIPTION')}
            value={comment}
            onChange={(e) => {
              setComment(e.currentTarget.value);
              if (error) setError(null);
            }}
            error={error}
            required
            autosize
            minRows={3}
            maxRows={10}
            data-autofocus
            data-testid="update-comment"
            inputWrapperOrder={['label', 'description', 'input', 'error']}
            rightSectionWidth={0}
          />
          <Group justify="space-between" gap="sm">
            <span aria-live="polite" style={{ fontSize: 'var(--mantine-font-size-xs)' }}>
              {comment.length} / {UPDATE_COMMENT_MAX}
            </span>
            <Group gap="sm">
              <Button variant="default" onClick={onCancel}>
                {t('QUESTIONNAIRES.ACTIONS.CANCEL')}
              </Button>
              <Button type="submit" loading={isSubmitting} data-testid="confirm-update">
                {t('QUESTIONNAIRES.ACTIONS.UPDATE')}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
