import { MantineProvider, TextInput } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ListEntry, ListError, ListedCards, useListEditor } from './list-editor';

afterEach(cleanup);

type Line = { name: string };
const EMPTY: Line = { name: '' };

/** A list editor as a feature writes one: the entry and which line it replaces live outside it. */
const Editor = ({ start }: { start: Line[] }) => {
  const [lines, setLines] = useState(start);
  const [draft, setDraft] = useState<{ entry: Line; editing: number | null }>({
    entry: EMPTY,
    editing: null,
  });
  const editor = useListEditor<Line, 'name'>({
    items: lines,
    onChange: setLines,
    entry: draft.entry,
    editing: draft.editing,
    setEntry: (entry, editing) => setDraft({ entry, editing }),
    clear: () => setDraft({ entry: EMPTY, editing: null }),
    unsaved: draft.entry.name.trim() !== '',
    confirmEdit: { title: 'Discard Line', message: 'Discard the line being typed?', confirmLabel: 'Discard' },
    confirmRemove: (l) => ({ title: 'Remove Line', message: `Remove ${l.name}?`, confirmLabel: 'Remove' }),
  });
  const add = () => {
    const name = draft.entry.name.trim();
    if (!name) return editor.setErrors({ name: 'Name is required' });
    editor.commit({ name });
  };
  return (
    <>
      <ListedCards
        label="Lines"
        items={lines}
        editing={draft.editing}
        getKey={(l) => l.name}
        title={(l) => l.name}
        marks={() => null}
        detail={(l) => `${l.name.length} letters`}
        actions={(l, i) => (
          <>
            <button type="button" onClick={() => editor.edit(i)}>{`Edit ${l.name}`}</button>
            <button type="button" onClick={() => editor.remove(i)}>{`Remove ${l.name}`}</button>
          </>
        )}
        empty="No lines yet."
      />
      <ListEntry
        legend={{ add: 'New line', edit: (n) => `Edit line ${n}` }}
        editing={draft.editing}
        onCancelEdit={() => setDraft({ entry: EMPTY, editing: null })}
        onAdd={add}
        addLabel={{ add: 'Add Line', save: 'Save Line' }}
      >
        <TextInput
          label="Line name"
          value={draft.entry.name}
          error={editor.errors.name}
          onChange={(e) => setDraft({ ...draft, entry: { name: e.currentTarget.value } })}
        />
      </ListEntry>
      <ListError message={lines.length > 2 ? 'Too many lines' : null} attr="data-lines-error" />
    </>
  );
};

const show = (start: Line[]) =>
  render(
    <MantineProvider>
      <ModalsProvider>
        <Editor start={start} />
      </ModalsProvider>
    </MantineProvider>,
  );

const names = () =>
  within(screen.getByRole('list', { name: 'Lines' }))
    .getAllByRole('listitem')
    .map((li) => li.querySelector('p')?.textContent);
const typeName = (value: string) =>
  fireEvent.change(screen.getByLabelText('Line name'), { target: { value } });

describe('useListEditor with ListedCards, ListEntry and ListError', () => {
  it('adds a checked entry, says why an entry is refused, and says when the list is empty', () => {
    show([]);
    expect(screen.getByText('No lines yet.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Add Line' }));
    expect(screen.getByText('Name is required')).toBeTruthy();
    typeName(' Cement ');
    fireEvent.click(screen.getByRole('button', { name: 'Add Line' }));
    expect(names()).toEqual(['Cement']);
    expect((screen.getByLabelText('Line name') as HTMLInputElement).value).toBe('');
    expect(screen.queryByText('Name is required')).toBeNull();
  });

  it('moves a line into the inputs to edit it, asking first when something typed would be lost', async () => {
    show([{ name: 'Cement' }, { name: 'Steel' }]);
    fireEvent.click(screen.getByRole('button', { name: 'Edit Steel' }));
    expect(screen.getByRole('group', { name: 'Edit line 2' })).toBeTruthy();
    expect((screen.getByLabelText('Line name') as HTMLInputElement).value).toBe('Steel');
    typeName('Steel rod');
    fireEvent.click(screen.getByRole('button', { name: 'Save Line' }));
    expect(names()).toEqual(['Cement', 'Steel rod']);
    expect(screen.getByRole('group', { name: 'New line' })).toBeTruthy();

    typeName('Sand');
    fireEvent.click(screen.getByRole('button', { name: 'Edit Cement' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Discard' }));
    await waitFor(() =>
      expect((screen.getByLabelText('Line name') as HTMLInputElement).value).toBe('Cement'),
    );
  });

  it('removes a line once confirmed, keeping the line being edited in step', async () => {
    show([{ name: 'Cement' }, { name: 'Steel' }, { name: 'Sand' }]);
    expect(screen.getByRole('alert').textContent).toBe('Too many lines');
    fireEvent.click(screen.getByRole('button', { name: 'Edit Sand' }));
    fireEvent.click(screen.getByRole('button', { name: 'Remove Cement' }));
    expect(await screen.findByText('Remove Cement?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(names()).toEqual(['Steel', 'Sand']));
    // Sand moved up: the entry now edits line 2.
    expect(screen.getByRole('group', { name: 'Edit line 2' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
