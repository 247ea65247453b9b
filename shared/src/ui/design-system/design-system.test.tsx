import { readFileSync } from 'node:fs';
import path from 'node:path';
import { useState } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Badge, Button, ButtonGroup, Chip, ComboBox, ConfirmDialog, Dialog, EmptyState, IconButton, Menu, Progress, Select, Sheet, TextArea, TextField, TitleRow, PlainList, Tooltip, destructiveCopy, useConfirm } from './index';
import { Checkbox, Switch, Tab, TabList, TabPanel, Tabs } from '../controls';
import { stubLayoutApis } from '@dossier/shared/testing';

beforeAll(stubLayoutApis);

describe('Button', () => {
  it('is a type="button" with its variant and fires clicks', async () => {
    const onClick = jest.fn();
    render(
      <Button variant="danger" onClick={onClick}>
        Delete
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button).toHaveClass('ds-button', 'ds-button--danger');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('is disabled and busy while loading', () => {
    render(<Button loading>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
  });

  it('names an icon-only button from its label', () => {
    render(<IconButton label="More actions" icon={<svg />} />);
    expect(screen.getByRole('button', { name: 'More actions' })).toHaveClass('ds-button--icon');
  });
});

describe('TextField and TextArea', () => {
  it('labels the input and links the description and error', () => {
    render(<TextField label="Name" description="As on your passport" error="Enter a name" />);
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('As on your passport Enter a name');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a name');
  });

  it('labels a text area', async () => {
    render(<TextArea label="Notes" />);
    const area = screen.getByRole('textbox', { name: 'Notes' });
    await userEvent.type(area, 'hello');
    expect(area).toHaveValue('hello');
  });
});

describe('Checkbox and Switch', () => {
  it('shows the state it is given and reports the new one', async () => {
    function Harness() {
      const [checked, setChecked] = useState(false);
      return <Checkbox aria-label="Select passport.pdf" checked={checked} onCheckedChange={setChecked} />;
    }
    render(<Harness />);
    const box = screen.getByRole('checkbox', { name: 'Select passport.pdf' });
    expect(box).not.toBeChecked();
    await userEvent.click(box);
    expect(box).toBeChecked();
    box.focus();
    await userEvent.keyboard(' ');
    expect(box).not.toBeChecked();
  });

  it('shows mixed for indeterminate', () => {
    render(<Checkbox aria-label="Select all" checked="indeterminate" />);
    expect(screen.getByRole('checkbox', { name: 'Select all' })).toHaveAttribute('aria-checked', 'mixed');
  });

  it('is a labelled switch', async () => {
    const onChange = jest.fn();
    render(<Switch label="Analytics" onCheckedChange={onChange} />);
    const toggle = screen.getByRole('switch', { name: 'Analytics' });
    await userEvent.click(toggle);
    expect(onChange).toHaveBeenCalledWith(true);
    expect(toggle).toBeChecked();
  });
});

describe('Tabs', () => {
  it('has real tablist/tab/tabpanel roles and moves with arrow keys', async () => {
    render(
      <Tabs defaultValue="sign-in">
        <TabList label="Account">
          <Tab value="sign-in">Sign in</Tab>
          <Tab value="sign-up">Sign up</Tab>
        </TabList>
        <TabPanel value="sign-in">Sign-in form</TabPanel>
        <TabPanel value="sign-up">Sign-up form</TabPanel>
      </Tabs>,
    );
    expect(screen.getByRole('tablist', { name: 'Account' })).toBeInTheDocument();
    const signIn = screen.getByRole('tab', { name: 'Sign in' });
    expect(signIn).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Sign-in form');
    signIn.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Sign up' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Sign up' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Sign-up form');
  });
});

describe('Dialog', () => {
  it('opens from its trigger, traps focus inside, and Escape returns focus to the trigger', async () => {
    render(<Dialog trigger={<Button>Open details</Button>} title="Details" description="About this document" />);
    const trigger = screen.getByRole('button', { name: 'Open details' });
    await userEvent.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Details' });
    expect(dialog).toHaveAccessibleDescription('About this document');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
  });

  it('on a phone keeps the close button and the actions in view: the close stays last in the DOM, so focus still starts in the content', async () => {
    render(
      <Dialog trigger={<Button>Offer</Button>} title="Offer documents" actions={<Button variant="primary">Send offer</Button>}>
        <TextField label="Recipient's e-mail" />
      </Dialog>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Offer' }));
    const dialog = screen.getByRole('dialog', { name: 'Offer documents' });
    expect(screen.getByRole('textbox', { name: "Recipient's e-mail" })).toHaveFocus();
    const close = screen.getByRole('button', { name: 'Close' });
    expect(dialog.lastElementChild).toBe(close);
    // The layout itself (sticky, drawn first) is CSS, measured in Chromium at 390×844 (ADR 0247).
    const css = readFileSync(path.join(__dirname, 'design-system.css'), 'utf8');
    expect(css).toMatch(/\.ds-dialog__close \{[^}]*order: -1;[^}]*position: sticky;/);
    expect(css).toMatch(/\.ds-dialog__actions \{[^}]*position: sticky;/);
  });
});

describe('ConfirmDialog', () => {
  function Harness({ onConfirm }: { onConfirm: () => void | Promise<void> }) {
    const [open, setOpen] = useState(false);
    const copy = destructiveCopy('Delete', 3, 'document');
    return (
      <>
        <Button onClick={() => setOpen(true)}>Delete selected</Button>
        <ConfirmDialog open={open} onOpenChange={setOpen} {...copy} description="They move to the trash." destructive onConfirm={onConfirm} />
      </>
    );
  }

  it('names the action and the count, focuses Cancel first, and cancelling does nothing', async () => {
    const onConfirm = jest.fn();
    render(<Harness onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete 3 documents?' });
    expect(dialog).toHaveAccessibleDescription('They move to the trash.');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('confirms, waits for the action, then closes', async () => {
    let finish: () => void = () => undefined;
    const onConfirm = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<Harness onConfirm={onConfirm} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete 3 documents' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Delete 3 documents' })).toHaveAttribute('aria-busy', 'true');
    await act(async () => finish());
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('stays open when the action fails', async () => {
    render(<Harness onConfirm={() => Promise.reject(new Error('offline'))} />);
    await userEvent.click(screen.getByRole('button', { name: 'Delete selected' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete 3 documents' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete 3 documents' })).not.toHaveAttribute('aria-busy'));
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  it('focuses the action first when it is not destructive, and returns focus to the opener', async () => {
    function Plain() {
      const [open, setOpen] = useState(false);
      return (
        <>
          <Button onClick={() => setOpen(true)}>Restore</Button>
          <ConfirmDialog open={open} onOpenChange={setOpen} title="Restore 2 documents?" confirmLabel="Restore 2 documents" onConfirm={() => undefined} />
        </>
      );
    }
    render(<Plain />);
    const opener = screen.getByRole('button', { name: 'Restore' });
    await userEvent.click(opener);
    expect(screen.getByRole('button', { name: 'Restore 2 documents' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(opener).toHaveFocus();
  });

  it('uses singular wording for one', () => {
    expect(destructiveCopy('Delete', 1, 'tag')).toEqual({ title: 'Delete 1 tag?', confirmLabel: 'Delete 1 tag' });
  });
});

describe('useConfirm', () => {
  function Harness({ onResult }: { onResult: (value: boolean) => void }) {
    const { confirm, dialog } = useConfirm();
    return (
      <>
        <Button onClick={async () => onResult(await confirm({ title: 'Remove tag?', confirmLabel: 'Remove tag', destructive: true }))}>Remove</Button>
        {dialog}
      </>
    );
  }

  it('resolves true on confirm and false on cancel', async () => {
    const onResult = jest.fn();
    render(<Harness onResult={onResult} />);
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove tag' }));
    await waitFor(() => expect(onResult).toHaveBeenLastCalledWith(true));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(onResult).toHaveBeenLastCalledWith(false));
  });
});

describe('Sheet', () => {
  function Harness() {
    const [open, setOpen] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          passport.pdf
        </button>
        <Sheet open={open} onOpenChange={setOpen} title="passport.pdf" closeLabel="Back to documents">
          <button type="button">Add tag</button>
        </Sheet>
      </>
    );
  }

  it('moves focus into the panel and returns it to the row on close', async () => {
    render(<Harness />);
    const row = screen.getByRole('button', { name: 'passport.pdf' });
    await userEvent.click(row);
    const sheet = screen.getByRole('dialog', { name: 'passport.pdf' });
    expect(sheet).toContainElement(document.activeElement as HTMLElement);
    await userEvent.click(screen.getByRole('button', { name: 'Back to documents' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(row).toHaveFocus();
  });

  it('closes on the browser Back', async () => {
    render(<Harness />);
    await userEvent.click(screen.getByRole('button', { name: 'passport.pdf' }));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('Menu', () => {
  it('opens from its button and runs the chosen item', async () => {
    const onRename = jest.fn();
    render(<Menu trigger={<IconButton label="Actions for passport.pdf" icon={<svg />} />} items={[{ label: 'Rename', onSelect: onRename }, { type: 'separator' }, { label: 'Delete', onSelect: jest.fn(), danger: true }]} />);
    const trigger = screen.getByRole('button', { name: 'Actions for passport.pdf' });
    expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(menu).toBeInTheDocument();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Rename' }));
    expect(onRename).toHaveBeenCalledTimes(1);
  });
});

describe('Select', () => {
  it('is a labelled combobox showing the chosen option', async () => {
    const onChange = jest.fn();
    render(<Select label="Sort by" value="name" onValueChange={onChange} options={[{ value: 'name', label: 'Name' }, { value: 'expiry', label: 'Expiry' }]} />);
    const trigger = screen.getByRole('combobox', { name: 'Sort by' });
    expect(trigger).toHaveTextContent('Name');
  });
});

describe('Tooltip, Badge, Progress, EmptyState', () => {
  it('describes its trigger on focus', async () => {
    render(
      <Tooltip content="Delete forever">
        <Button>Purge</Button>
      </Tooltip>,
    );
    await userEvent.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Delete forever');
  });

  it('renders a progressbar with its value', () => {
    render(<Progress label="Uploading passport.pdf" value={40} />);
    const bar = screen.getByRole('progressbar', { name: 'Uploading passport.pdf' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(bar).toHaveAttribute('aria-valuetext', '40%');
  });

  it('renders an indeterminate progressbar without a value', () => {
    render(<Progress label="Preparing" />);
    expect(screen.getByRole('progressbar', { name: 'Preparing' })).not.toHaveAttribute('aria-valuenow');
  });

  it('renders a badge and an empty state with its action', () => {
    render(
      <>
        <Badge tone="warning">Expires in 5 days</Badge>
        <EmptyState title="No documents yet" description="Upload your first document." action={<Button variant="primary">Upload</Button>} />
      </>,
    );
    expect(screen.getByText('Expires in 5 days')).toHaveClass('ds-badge--warning');
    expect(screen.getByRole('heading', { name: 'No documents yet' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeInTheDocument();
  });
});

describe('ComboBox', () => {
  function TagBox({ onSelect }: { onSelect?: (value: string) => void }) {
    const [text, setText] = useState('');
    const options = ['Bills', 'Insurance', 'Tax 2025', 'Travel'].map((label) => ({ value: label.toLowerCase(), label }));
    return <ComboBox label="Add a tag" inputValue={text} onInputChange={setText} options={options} onSelect={(option) => onSelect?.(option.value)} />;
  }

  it('is a labelled combobox whose listbox filters as you type; arrows and Enter pick, focus stays in the box', async () => {
    const picked = jest.fn();
    render(<TagBox onSelect={picked} />);
    const box = screen.getByRole('combobox', { name: 'Add a tag' });
    await userEvent.type(box, 't');
    expect(box).toHaveAttribute('aria-expanded', 'true');
    const listbox = await screen.findByRole('listbox');
    expect(box).toHaveAttribute('aria-controls', listbox.id);
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Tax 2025', 'Travel']);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    expect(box).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'Travel' }).id);
    expect(screen.getByRole('option', { name: 'Travel' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Enter}');
    expect(picked).toHaveBeenCalledWith('travel');
    expect(box).toHaveValue('Travel');
    expect(box).toHaveFocus();
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('keeps free text (a new name) and closes with Escape', async () => {
    render(<TagBox />);
    const box = screen.getByRole('combobox', { name: 'Add a tag' });
    await userEvent.type(box, 'in');
    expect(await screen.findAllByRole('option')).toHaveLength(1);
    await userEvent.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    await userEvent.type(box, 'vestments');
    expect(box).toHaveValue('investments');
    expect(screen.queryByRole('listbox')).toBeNull();
  });
});

describe('Chip and ButtonGroup (issue 22: a square × over a round chip; calendar buttons touching)', () => {
  const css = readFileSync(path.join(__dirname, 'design-system.css'), 'utf8');
  const rule = (selector: string) => new RegExp(`\\n\\s*${selector.replace(/[.]/g, '\\.')} \\{([^}]*)\\}`).exec(css)?.[1] ?? '';

  it('a removable chip has a named round × inside it that removes it', async () => {
    const onRemove = jest.fn();
    render(
      <Chip color="#16a34a" removeLabel="Remove tag Household" onRemove={onRemove}>
        Household
      </Chip>,
    );
    const remove = screen.getByRole('button', { name: 'Remove tag Household' });
    expect(remove.closest('.ds-chip')).toHaveClass('ds-chip--removable');
    expect(remove.querySelector('svg')).not.toBeNull(); // an icon, not a "×" glyph of whatever font
    await userEvent.click(remove);
    expect(onRemove).toHaveBeenCalledTimes(1);
    // The chip is a pill; its × a circle no taller than the pill, with a 32 px round target.
    expect(rule('.ds-chip')).toMatch(/border-radius: var\(--ds-radius-full\)/);
    expect(rule('.ds-chip__remove')).toMatch(/border-radius: 50%/);
    expect(rule('.ds-chip__remove')).toMatch(/height: calc\(var\(--ds-chip-height\) - 6px\)/);
    expect(rule('.ds-chip__remove::after')).toMatch(/inset: -7px; border-radius: 50%/);
  });

  it('a chip without onRemove has no button', () => {
    render(<Chip size="sm">Tax</Chip>);
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByText('Tax').closest('.ds-chip')).toHaveClass('ds-chip--sm');
  });

  it('grouped buttons are kept apart by the spacing token, which is never zero', () => {
    render(
      <ButtonGroup label="Feed">
        <Button>Copy</Button>
        <Button>Switch off</Button>
      </ButtonGroup>,
    );
    expect(screen.getByRole('group', { name: 'Feed' })).toHaveClass('ds-button-group');
    expect(rule('.ds-button-group')).toMatch(/gap: var\(--ds-space-button-gap\)/);
    expect(css).toMatch(/--ds-space-button-gap: var\(--ds-space-2\);/);
    expect(rule('.ds-dialog__actions')).toMatch(/gap: var\(--ds-space-button-gap\)/);
  });
});

/** The declarations of the stylesheet's rule for `selector` (a single class), sorted. */
function sortedDeclarations(css: string, selector: string): string[] {
  const rule = new RegExp(`\\n\\s*${selector.replace('.', '\\.')} \\{([^}]*)\\}`).exec(css)?.[1] ?? '';
  return rule
    .split(';')
    .map((part) => part.trim())
    .filter(Boolean)
    .sort();
}

describe('TitleRow (issue 23: the transfers card and the document history each wrote this row)', () => {
  const css = readFileSync(path.join(__dirname, 'design-system.css'), 'utf8');

  it('holds the heading and what stands beside it, in that order, and keeps the caller’s attributes', () => {
    render(
      <TitleRow className="area-head" data-testid="row">
        <h3 id="t1">From ben@example.com</h3>
        <Badge>Pending</Badge>
      </TitleRow>,
    );
    const row = screen.getByTestId('row');
    expect(row.tagName).toBe('DIV');
    expect(row).toHaveClass('ds-title-row', 'area-head');
    expect([...row.children].map((child) => child.textContent)).toEqual(['From ben@example.com', 'Pending']);
    expect(screen.getByRole('heading', { level: 3, name: 'From ben@example.com' }).parentElement).toBe(row);
  });

  it('is one wrapping flex row: heading at the start, the rest at the far end, centred, the small gap between', () => {
    expect(sortedDeclarations(css, '.ds-title-row')).toEqual(['align-items: center', 'display: flex', 'flex-wrap: wrap', 'gap: var(--ds-space-2)', 'justify-content: space-between']);
  });
});

describe('PlainList (issue 23: the trusted contact\'s documents and the document history each wrote this list)', () => {
  const css = readFileSync(path.join(__dirname, 'design-system.css'), 'utf8');

  it('is a ul, or an ol when asked, holding its items and keeping the caller’s attributes', () => {
    render(
      <>
        <PlainList aria-label="Documents" className="area-list">
          <li>Passport</li>
          <li>Will</li>
        </PlainList>
        <PlainList as="ol" aria-label="History">
          <li>Uploaded</li>
        </PlainList>
      </>,
    );
    const documents = screen.getByRole('list', { name: 'Documents' });
    expect(documents.tagName).toBe('UL');
    expect(documents).toHaveClass('ds-plain-list', 'area-list');
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Passport', 'Will', 'Uploaded']);
    const history = screen.getByRole('list', { name: 'History' });
    expect(history.tagName).toBe('OL');
    expect(history.className).toBe('ds-plain-list');
  });

  it('drops the bullets and the indent and stacks the items the small gap apart, in the base layer an area may space', () => {
    const at = css.indexOf('.ds-plain-list {');
    expect(sortedDeclarations(css, '.ds-plain-list')).toEqual(['display: grid', 'gap: var(--ds-space-2)', 'list-style: none', 'margin: 0', 'padding: 0']);
    expect(at).toBeGreaterThan(css.indexOf('@layer ds-base {'));
    expect(at).toBeLessThan(css.indexOf('@layer ds-components {'));
  });
});
