import { useState } from 'react';
import {
  Badge,
  Button,
  ComboBox,
  ButtonGroup,
  Card,
  ConfirmDialog,
  Dialog,
  BackIcon,
  CheckIcon,
  ChevronDownIcon,
  CloseIcon,
  DocumentIcon,
  DownloadIcon,
  EmptyState,
  FileTypeIcon,
  FolderIcon,
  ImageIcon,
  MinusIcon,
  PlusIcon,
  SpreadsheetIcon,
  FileIcon,
  IconButton,
  Menu,
  MoreIcon,
  NativeSelect,
  Page,
  PlainList,
  Progress,
  RoomSkeleton,
  Select,
  Sheet,
  Skeleton,
  TextArea,
  TextField,
  TitleRow,
  Tooltip,
  destructiveCopy,
  type ButtonVariant,
} from '@dossier/shared/ui';
import { Checkbox, Switch, Tab, TabList, TabPanel, Tabs } from '@dossier/shared/ui/controls';
import { StaffGate } from '../diagnostics/staff-gate';
import { MoreSpecimens, Specimen } from './gallery-states';
import './component-gallery.css';

const GALLERY_TAGS = ['Bills', 'Insurance', 'Medical', 'Passport', 'Tax 2025', 'Travel'].map((label) => ({ value: label, label }));
const VARIANTS: ButtonVariant[] = ['primary', 'secondary', 'ghost', 'danger'];
/** Every icon the design system draws (issue 22: SVG for everything that is an icon, never an emoji). */
export const GALLERY_ICONS = { CloseIcon, CheckIcon, MinusIcon, ChevronDownIcon, BackIcon, MoreIcon, PlusIcon, DownloadIcon, DocumentIcon, FolderIcon, ImageIcon, SpreadsheetIcon, FileIcon };
const FILE_TYPES = ['application/vnd.google-apps.folder', 'application/pdf', 'image/jpeg', 'text/csv', 'application/zip'];

function ThemeSwitch() {
  const [theme, setTheme] = useState(() => document.documentElement.dataset.theme ?? 'system');
  const choose = (value: string) => {
    if (value === 'system') delete document.documentElement.dataset.theme;
    else document.documentElement.dataset.theme = value;
    setTheme(value);
  };
  return (
    <Select
      label="Theme"
      value={theme}
      onValueChange={choose}
      options={[
        { value: 'system', label: 'Follow the system' },
        { value: 'light', label: 'Light' },
        { value: 'dark', label: 'Dark' },
      ]}
    />
  );
}

function Overlays() {
  const [confirm, setConfirm] = useState<'destructive' | 'plain' | null>(null);
  const [sheet, setSheet] = useState<'side' | 'bottom' | null>(null);
  const [result, setResult] = useState('Nothing confirmed yet.');
  return (
    <>
      <Dialog trigger={<Button>Open a dialog</Button>} title="A dialog" description="Escape, the close button or a tap outside closes it." actions={<Button variant="primary">Done</Button>}>
        <TextField label="Something to type" />
      </Dialog>
      <Button variant="danger" onClick={() => setConfirm('destructive')}>
        Delete 3 documents…
      </Button>
      <Button onClick={() => setConfirm('plain')}>Restore 2 documents…</Button>
      <Button onClick={() => setSheet('side')}>Open a side sheet</Button>
      <Button onClick={() => setSheet('bottom')}>Open a bottom sheet</Button>
      <p role="status">{result}</p>
      <ConfirmDialog
        open={confirm === 'destructive'}
        onOpenChange={(open) => !open && setConfirm(null)}
        {...destructiveCopy('Delete', 3, 'document')}
        description="They move to the trash for 30 days."
        destructive
        onConfirm={() => setResult('Deleted 3 documents (nothing was really deleted).')}
      />
      <ConfirmDialog
        open={confirm === 'plain'}
        onOpenChange={(open) => !open && setConfirm(null)}
        title="Restore 2 documents?"
        confirmLabel="Restore 2 documents"
        onConfirm={() => setResult('Restored 2 documents (nothing was really restored).')}
      />
      <Sheet open={sheet !== null} onOpenChange={(open) => !open && setSheet(null)} title={sheet === 'bottom' ? 'Filters' : 'Document details'} placement={sheet ?? 'side'} footer={<Button variant="primary" block onClick={() => setSheet(null)}>Show 12 documents</Button>}>
        <p>Back, Escape or the button at the top closes the sheet; focus returns to the button that opened it.</p>
        <TextField label="A field inside the sheet" />
      </Sheet>
    </>
  );
}

/** Every design-system component in every state, for product staff (issue #9 §1). */
export function ComponentGallery() {
  const [checked, setChecked] = useState(false);
  const [on, setOn] = useState(true);
  const [sort, setSort] = useState('name');
  const [tagText, setTagText] = useState('');
  return (
    <StaffGate>
      <Page title="Design system" description="Every shared component in every state. This page's own header is the PageHeader, with its action (the theme) beside the title." actions={<ThemeSwitch />}>
        <Specimen title="Buttons">
          {VARIANTS.map((variant) => (
            <ButtonGroup key={variant} label={`${variant} buttons`}>
              <Button variant={variant}>{variant}</Button>
              <Button variant={variant} disabled>
                Disabled
              </Button>
              <Button variant={variant} loading>
                Saving
              </Button>
            </ButtonGroup>
          ))}
          <ButtonGroup label="Sizes">
            <Button size="sm">Small</Button>
            <Button>Medium</Button>
            <Button size="lg">Large</Button>
            <Button icon={<DocumentIcon />}>With an icon</Button>
            <IconButton label="More actions" icon={<MoreIcon />} />
            <IconButton label="More actions (secondary)" variant="secondary" icon={<MoreIcon />} />
          </ButtonGroup>
        </Specimen>
        <Specimen title="Text fields">
          <TextField label="Name" placeholder="Ada Lovelace" />
          <TextField label="E-mail" type="email" description="We send the sign-in link here." />
          <TextField label="Password" type="password" error="Use at least 6 characters." defaultValue="abc" />
          <TextField label="Disabled" disabled defaultValue="Cannot change" />
          <TextArea label="Notes" description="Up to 10,000 characters." />
        </Specimen>
        <Specimen title="Choices">
          <Select label="Sort by" value={sort} onValueChange={setSort} options={[{ value: 'name', label: 'Name' }, { value: 'created', label: 'Date added' }, { value: 'expiry', label: 'Expiry date' }, { value: 'size', label: 'Size', disabled: true }]} />
          <Select label="Placeholder" placeholder="Choose…" options={[{ value: 'a', label: 'A' }]} />
          <ComboBox label="Tag (combobox: pick or type a new one)" placeholder="Add a tag" inputValue={tagText} onInputChange={setTagText} options={GALLERY_TAGS} />
          <NativeSelect label="Category (native, for forms)">
            <option>Personal ID</option>
            <option>Medical Records</option>
          </NativeSelect>
          <Checkbox label="Unchecked" checked={checked} onCheckedChange={setChecked} />
          <Checkbox label="Checked" checked onCheckedChange={() => undefined} />
          <Checkbox label="Mixed" checked="indeterminate" />
          <Checkbox label="Disabled" disabled />
          <Switch label="Reminders" description="An e-mail a week before a document expires." checked={on} onCheckedChange={setOn} />
          <Switch label="Disabled switch" disabled />
        </Specimen>
        <Specimen title="Menus and tooltips">
          <Menu
            trigger={<Button icon={<MoreIcon />}>Actions</Button>}
            items={[{ label: 'Rename', onSelect: () => undefined }, { label: 'Move to portfolio', onSelect: () => undefined }, { label: 'Disabled item', onSelect: () => undefined, disabled: true }, { type: 'separator' }, { label: 'Move to trash', onSelect: () => undefined, danger: true }]}
          />
          <Tooltip content="Deletes it for good">
            <Button>Hover or focus me</Button>
          </Tooltip>
        </Specimen>
        <Specimen title="Icons">
          {Object.entries(GALLERY_ICONS).map(([name, Icon]) => (
            <span key={name} className="gallery-icon">
              <Icon />
              <span>{name.replace(/Icon$/, '')}</span>
            </span>
          ))}
          {FILE_TYPES.map((type) => (
            <span key={type} className="gallery-icon">
              <FileTypeIcon mimeType={type} />
              <span>{type.split('/')[1]}</span>
            </span>
          ))}
        </Specimen>
        <Specimen title="Tabs">
          <Tabs defaultValue="one">
            <TabList label="Example tabs">
              <Tab value="one">Sign in</Tab>
              <Tab value="two">Sign up</Tab>
              <Tab value="three" disabled>
                Disabled
              </Tab>
            </TabList>
            <TabPanel value="one">The first panel.</TabPanel>
            <TabPanel value="two">The second panel.</TabPanel>
          </Tabs>
          {/* Long labels on a narrow screen wrap between words: never clipped ("Emergency acc"). */}
          <Tabs defaultValue="incoming">
            <TabList label="Tabs with long labels">
              <Tab value="incoming">
                Incoming <Badge tone="accent">2</Badge>
              </Tab>
              <Tab value="outgoing">Outgoing</Tab>
              <Tab value="emergency">
                Emergency access <Badge tone="warning">1</Badge>
              </Tab>
            </TabList>
            <TabPanel value="incoming">Offers to you.</TabPanel>
            <TabPanel value="outgoing">Your offers.</TabPanel>
            <TabPanel value="emergency">Who can reach your papers.</TabPanel>
          </Tabs>
        </Specimen>
        <Specimen title="Dialogs and sheets">
          <Overlays />
        </Specimen>
        <Specimen title="Badges">
          <Badge>Neutral</Badge>
          <Badge tone="accent">Shared</Badge>
          <Badge tone="success">Uploaded</Badge>
          <Badge tone="warning">Expires in 5 days</Badge>
          <Badge tone="danger">Expired</Badge>
        </Specimen>
        <Specimen title="Progress">
          <Progress label="Not started" value={0} showLabel />
          <Progress label="Uploading passport.pdf" value={40} showLabel />
          <Progress label="Done" value={100} showLabel />
          <Progress label="Preparing" showLabel />
        </Specimen>
        <Specimen title="Skeletons">
          <Skeleton variant="circle" width={40} height={40} />
          <Skeleton variant="text" width="12rem" />
          <Skeleton width={160} height={96} />
          {/* A section's loading state that keeps the room the section will take (ADR 0500). */}
          <RoomSkeleton room={{ label: 'a section', minHeight: { phone: '6rem', wide: '5rem' } }} />
          <RoomSkeleton room={{ label: 'a hint', minHeight: { phone: '1.35rem', wide: '1.35rem' }, lines: 1 }} variant="hint" />
        </Specimen>
        <Specimen title="Cards and empty states">
          <Card as="article">
            <h3 className="gallery-card-title">passport.pdf</h3>
            <p>Personal ID · 240 KB</p>
            <Badge tone="warning">Expires in 20 d</Badge>
          </Card>
          <Card as="article">
            <TitleRow>
              <h3 className="gallery-card-title">To ben@example.com, a long address that wraps on a phone</h3>
              <Badge tone="accent">Pending</Badge>
            </TitleRow>
            <p>A TitleRow: the heading, and its badge or action at the far end.</p>
          </Card>
          <Card as="article">
            <h3 className="gallery-card-title">Passports</h3>
            <PlainList aria-label="A PlainList">
              <li>passport.pdf · 240 KB</li>
              <li>passport-renewal-form-with-a-long-name-that-wraps.pdf · 1.2 MB</li>
            </PlainList>
            <p>A PlainList: no bullets or indent, the items a small step apart.</p>
          </Card>
          <EmptyState icon={<DocumentIcon />} title="No documents yet" description="Upload your first document." action={<Button variant="primary">Upload files</Button>} />
        </Specimen>
        <MoreSpecimens />
      </Page>
    </StaffGate>
  );
}

export default ComponentGallery;
