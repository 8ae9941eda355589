import '@mantine/tiptap/styles.css';
import { Input } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import DOMPurify from 'dompurify';
import { useEffect } from 'react';

type RichTextInputProps = {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string;
  testId?: string;
};

/** Author rich text is sanitised on render (DESIGN.md security model); the server sanitises on save. */
export function sanitizeRichText(html: string): string {
  return DOMPurify.sanitize(html);
}

/** Rich text editor (Mantine tiptap) for info texts; emits sanitised HTML, '' when empty. */
export function RichTextInput({ label, value, onChange, error, testId }: RichTextInputProps) {
  const editor = useEditor({
    extensions: [StarterKit],
    content: sanitizeRichText(value),
    immediatelyRender: true,
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : sanitizeRichText(e.getHTML())),
  });
  useEffect(() => {
    if (editor && !editor.isFocused && editor.getHTML() !== value) {
      editor.commands.setContent(sanitizeRichText(value), { emitUpdate: false });
    }
  }, [editor, value]);
  return (
    <Input.Wrapper label={label} error={error}>
      <RichTextEditor editor={editor} data-testid={testId}>
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
