import { Group, PasswordInput, type PasswordInputProps, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A password input that warns while Caps Lock is on. */
export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation();
  const [isCapsLockOn, setIsCapsLockOn] = useState(false);
  const handleKey = (event: KeyboardEvent<HTMLInputElement>) => {
    setIsCapsLockOn(event.getModifierState('CapsLock'));
  };
  return (
    <div>
      <PasswordInput
        {...props}
        onKeyDown={(event) => {
          handleKey(event);
          props.onKeyDown?.(event);
        }}
        onKeyUp={handleKey}
        visibilityToggleButtonProps={{ 'aria-label': t('LOGIN.TOGGLE_VISIBILITY') }}
        onBlur={(event) => {
          setIsCapsLockOn(false);
          props.onBlur?.(event);
        }}
      />
      <div aria-live="polite">
        {isCapsLockOn && (
          <Group gap={4} mt={4} c="orange.8">
            <IconAlertTriangle size={14} aria-hidden />
            <Text size="xs" c="orange.8">
              {t('LOGIN.CAPS_LOCK')}
            </Text>
          </Group>
        )}
      </div>
    </div>
  );
}
