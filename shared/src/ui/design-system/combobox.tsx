import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Popover } from 'radix-ui';

export type ComboBoxOption = { value: string; label: string; hint?: ReactNode };

export type ComboBoxProps = {
  label: ReactNode;
  hideLabel?: boolean;
  /** The text in the box (controlled). */
  inputValue: string;
  onInputChange: (text: string) => void;
  /** Every choice; the list shows those whose label contains the text typed. */
  options: readonly ComboBoxOption[];
  /** A suggestion was chosen (click, tap or Enter on it); the text becomes its label. */
  onSelect?: (option: ComboBoxOption) => void;
  placeholder?: string;
  maxLength?: number;
  /** At most this many suggestions are listed (default 8). */
  limit?: number;
  id?: string;
  disabled?: boolean;
};

/**
 * A text box with suggestions: the WAI-ARIA 1.2 combobox pattern (`role="combobox"` on the input,
 * `aria-expanded`, `aria-controls`, `aria-activedescendant`, a `listbox` of `option`s) on a Radix
 * Popover anchored to the input (ADR 0122). Focus stays in the input: arrow keys move the active
 * suggestion, Enter takes it, Escape closes the list. Free text is allowed (Enter without an active
 * suggestion submits the surrounding form), so it serves "pick or create" fields such as tags.
 */
export function ComboBox({ label, hideLabel, inputValue, onInputChange, options, onSelect, placeholder, maxLength, limit = 8, id, disabled }: ComboBoxProps) {
  const generated = useId();
  const inputId = id ?? `ds-combobox-${generated}`;
  const listId = `${inputId}-list`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const needle = inputValue.trim().toLowerCase();
  const matches = options.filter((option) => option.label.toLowerCase().includes(needle) && option.label.toLowerCase() !== needle).slice(0, limit);
  const expanded = open && matches.length > 0;

  const choose = (option: ComboBoxOption) => {
    onInputChange(option.label);
    onSelect?.(option);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!expanded) {
        setOpen(true);
        setActive(event.key === 'ArrowDown' ? 0 : matches.length - 1);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + matches.length) % matches.length);
    } else if (event.key === 'Enter' && expanded && active >= 0 && matches[active]) {
      event.preventDefault();
      choose(matches[active]);
    } else if (event.key === 'Escape' && expanded) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className="ds-field ds-combobox">
      <label className={hideLabel ? 'ds-visually-hidden' : 'ds-field__label'} htmlFor={inputId}>
        {label}
      </label>
      <Popover.Root open={expanded} onOpenChange={(next) => !next && setOpen(false)}>
        <Popover.Anchor asChild>
          <input
            id={inputId}
            className="ds-input"
            role="combobox"
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
            autoComplete="off"
            value={inputValue}
            placeholder={placeholder}
            maxLength={maxLength}
            disabled={disabled}
            onChange={(event) => {
              onInputChange(event.target.value);
              setOpen(true);
              setActive(-1);
            }}
            onFocus={() => setOpen(true)}
            onBlur={() => setOpen(false)}
            onKeyDown={onKeyDown}
          />
        </Popover.Anchor>
        <Popover.Portal>
          <Popover.Content
            className="ds-popover ds-combobox__content"
            align="start"
            sideOffset={4}
            collisionPadding={8}
            // Focus stays in the input (the combobox pattern); the list is pointed at, not focused.
            onOpenAutoFocus={(event) => event.preventDefault()}
            onCloseAutoFocus={(event) => event.preventDefault()}
          >
            <ul id={listId} role="listbox" className="ds-combobox__list">
              {matches.map((option, index) => (
                <li
                  key={option.value}
                  id={`${listId}-${index}`}
                  role="option"
                  aria-selected={index === active}
                  data-highlighted={index === active ? '' : undefined}
                  className="ds-select__item"
                  // mousedown, not click: the input must not blur (and close the list) first.
                  onMouseDown={(event) => {
                    event.preventDefault();
                    choose(option);
                  }}
                  onMouseEnter={() => setActive(index)}
                >
                  <span>{option.label}</span>
                  {option.hint ? <span className="ds-combobox__hint">{option.hint}</span> : null}
                </li>
              ))}
            </ul>
          </Popover.Content>
        </Popover.Portal>
      </Popover.Root>
    </div>
  );
}
