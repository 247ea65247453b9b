import { useId, type ReactNode } from 'react';
import { Select as SelectPrimitive } from 'radix-ui';
import { CheckIcon, ChevronDownIcon } from './icons';

export type SelectOption = { value: string; label: ReactNode; disabled?: boolean };

export type SelectProps = {
  label: ReactNode;
  hideLabel?: boolean;
  options: SelectOption[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  placeholder?: string;
  description?: ReactNode;
  /** With a name, a hidden native select carries the value in a form submission. */
  name?: string;
  disabled?: boolean;
  required?: boolean;
  id?: string;
  /** Opens on mount: a tap on the stand-in before this code arrived (deferred-overlays.tsx). */
  defaultOpen?: boolean;
};

/**
 * A labelled single choice (Radix Select: listbox pattern, typeahead, arrow keys, Escape).
 * Option values must be non-empty strings; use a sentinel such as 'all' for "no filter".
 */
export function Select({ label, hideLabel, options, value, defaultValue, onValueChange, placeholder, description, name, disabled, required, id, defaultOpen }: SelectProps) {
  const generated = useId();
  const triggerId = id ?? `ds-select-${generated}`;
  const labelId = `${triggerId}-label`;
  const descriptionId = description ? `${triggerId}-description` : undefined;
  return (
    <div className="ds-field">
      <label id={labelId} htmlFor={triggerId} className={hideLabel ? 'ds-visually-hidden' : 'ds-field__label'}>
        {label}
      </label>
      {description ? (
        <p className="ds-field__description" id={descriptionId}>
          {description}
        </p>
      ) : null}
      <SelectPrimitive.Root defaultOpen={defaultOpen} value={value} defaultValue={defaultValue} onValueChange={onValueChange} name={name} disabled={disabled} required={required}>
        <SelectPrimitive.Trigger id={triggerId} className="ds-select__trigger" aria-labelledby={labelId} aria-describedby={descriptionId}>
          <SelectPrimitive.Value placeholder={placeholder} />
          <SelectPrimitive.Icon className="ds-select__chevron">
            <ChevronDownIcon width="16" height="16" />
          </SelectPrimitive.Icon>
        </SelectPrimitive.Trigger>
        <SelectPrimitive.Portal>
          <SelectPrimitive.Content className="ds-select__content" position="popper" sideOffset={4} collisionPadding={8}>
            <SelectPrimitive.Viewport>
              {options.map((option) => (
                <SelectPrimitive.Item key={option.value} value={option.value} disabled={option.disabled} className="ds-select__item">
                  <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
                  <SelectPrimitive.ItemIndicator>
                    <CheckIcon width="16" height="16" />
                  </SelectPrimitive.ItemIndicator>
                </SelectPrimitive.Item>
              ))}
            </SelectPrimitive.Viewport>
          </SelectPrimitive.Content>
        </SelectPrimitive.Portal>
      </SelectPrimitive.Root>
    </div>
  );
}
