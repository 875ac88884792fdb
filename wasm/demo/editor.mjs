// The composer's post editor: a CodeMirror 6 view, which lays out only the lines in sight
// (and a margin), so that a keystroke costs about the same on a 1 MB or 5 MB text as on a
// short one, where a <textarea> re-lays out its whole text. The overflow highlight is a
// mark decoration from the overflow offset to the end of the text: CodeMirror draws it
// only where lines are drawn.
//
// This file is the source; the page loads editor.bundle.mjs, which build.mjs makes from it
// with esbuild (CodeMirror's packages are devDependencies in wasm/package.json).
import { EditorState, StateEffect, StateField, Annotation } from '@codemirror/state';
import { EditorView, Decoration, keymap } from '@codemirror/view';
import { history, historyKeymap, standardKeymap, insertNewline } from '@codemirror/commands';

const setOverflow = StateEffect.define();

// Where the text overflows (a UTF-16 offset into the document), or null. The page sets it
// once per frame from its measurements; between two frames it follows the edits.
const overflowAt = StateField.define({
  create: () => null,
  update(at, tr) {
    for (const e of tr.effects) if (e.is(setOverflow)) return e.value;
    return at === null || !tr.docChanged ? at : tr.changes.mapPos(at, 1);
  },
});

// inclusiveEnd: text typed at the end of an overflowing post is marked at once.
const overflowMark = Decoration.mark({ class: 'cm-overflow', inclusiveEnd: true });
const overflowDecorations = EditorView.decorations.compute(['doc', overflowAt], (state) => {
  const at = state.field(overflowAt);
  const end = state.doc.length;
  return at === null || at >= end ? Decoration.none : Decoration.set([overflowMark.range(at, end)]);
});

// Marks the transactions the page makes itself (not the user's edits).
const fromPage = Annotation.define();

/**
 * Makes an editor in parent holding text. onEdit() is called after each of the user's
 * edits (it should only record that the text changed: the text is read once per frame).
 * Returns { view, text(), setText(s), setOverflow(at), focus(), destroy() }.
 */
export function createEditor({ parent, text = '', label = '', onEdit = () => {} }) {
  const extensions = [
    history(),
    // Enter inserts a plain newline (no indentation is carried over: this is prose).
    keymap.of([{ key: 'Enter', run: insertNewline }, ...standardKeymap, ...historyKeymap]),
    EditorView.lineWrapping,
    EditorView.contentAttributes.of({ 'aria-label': label, 'aria-multiline': 'true', spellcheck: 'false', autocorrect: 'off', autocapitalize: 'off' }),
    EditorView.updateListener.of((u) => {
      if (u.docChanged && !u.transactions.every((tr) => tr.annotation(fromPage))) onEdit();
    }),
    overflowAt,
    overflowDecorations,
  ];
  const view = new EditorView({ parent, state: EditorState.create({ doc: text, extensions }) });
  return {
    view,
    text: () => view.state.doc.toString(),
    /** Replaces the whole text (and the undo history: Undo split is the page's). */
    setText(s) {
      view.setState(EditorState.create({ doc: s, extensions }));
    },
    /** Marks from at to the end (null: nothing); no transaction when it is unchanged. */
    setOverflow(at) {
      if (view.state.field(overflowAt) === at) return;
      view.dispatch({ effects: setOverflow.of(at), annotations: fromPage.of(true) });
    },
    focus: () => view.focus(),
    destroy: () => view.destroy(),
  };
}
