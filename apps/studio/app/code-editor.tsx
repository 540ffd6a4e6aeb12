import { useEffect, useRef } from 'preact/hooks';
import { EditorView, basicSetup } from 'codemirror';
import { html } from '@codemirror/lang-html';

/**
 * CodeMirror 6 with HTML highlighting. Tab is left to the browser (no indentWithTab), so keyboard users can leave
 * the editor; the content element carries the label.
 */
export function CodeEditor(props: { id: string; label: string; value: string; onChange: (v: string) => void; describedBy?: string }) {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const onChange = useRef(props.onChange);
  onChange.current = props.onChange;

  useEffect(() => {
    const v = new EditorView({
      doc: props.value,
      parent: host.current!,
      extensions: [
        basicSetup,
        html(),
        EditorView.lineWrapping,
        EditorView.contentAttributes.of({ id: props.id, 'aria-label': props.label, ...(props.describedBy ? { 'aria-describedby': props.describedBy } : {}) }),
        EditorView.updateListener.of((u) => {
          if (u.docChanged) onChange.current(u.state.doc.toString());
        }),
      ],
    });
    view.current = v;
    return () => v.destroy();
  }, []);

  // a value set from outside (a loaded template) replaces the document
  useEffect(() => {
    const v = view.current;
    if (v && v.state.doc.toString() !== props.value) v.dispatch({ changes: { from: 0, to: v.state.doc.length, insert: props.value } });
  }, [props.value]);

  return <div class="code-editor" ref={host} />;
}
