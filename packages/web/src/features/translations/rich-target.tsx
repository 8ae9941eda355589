import '@mantine/tiptap/styles.css';
import { RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect } from 'react';
import { sanitizeRichText } from '../forms/builder/rich-text-input';

type RichTargetProps = {
  value: string;
  onChange: (html: string) => void;
  /** The id of the visible label: the editable area is named by it (screen readers, axe). */
  labelledBy: string;
  isInvalid: boolean;
};

/**
 * A rich-text translation target: the product's tiptap editor with the builder's controls, emitting
 * sanitised HTML ('' when empty); its editable area carries the field's name and invalid state.
 */
export function RichTarget({ value, onChange, labelledBy, isInvalid }: RichTargetProps) {
  const editor = useEditor({
    extensions: [StarterKit],
    content: sanitizeRichText(value),
    immediatelyRender: true,
    editorProps: { attributes: { 'aria-labelledby': labelledBy, 'aria-invalid': String(isInvalid) } },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : sanitizeRichText(e.getHTML())),
  });
  useEffect(() => {
    editor?.setOptions({
      editorProps: { attributes: { 'aria-labelledby': labelledBy, 'aria-invalid': String(isInvalid) } },
    });
  }, [editor, labelledBy, isInvalid]);
  useEffect(() => {
    if (editor && !editor.isFocused && editor.getHTML() !== value) {
      editor.commands.setContent(sanitizeRichText(value), { emitUpdate: false });
    }
  }, [editor, value]);
  return (
    <RichTextEditor editor={editor} data-testid="translation-target">
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
  );
}
