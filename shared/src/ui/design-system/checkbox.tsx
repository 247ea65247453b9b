import { useId, type ReactNode } from 'react';
import { Checkbox as CheckboxPrimitive, Switch as SwitchPrimitive } from 'radix-ui';
import { CheckIcon, MinusIcon } from './icons';

export type CheckedState = boolean | 'indeterminate';

export type CheckboxProps = {
  checked?: CheckedState;
  defaultChecked?: CheckedState;
  onCheckedChange?: (checked: boolean) => void;
  /** Visible label; or give `aria-label` when the context names it (a row's select box). */
  label?: ReactNode;
  'aria-label'?: string;
  disabled?: boolean;
  name?: string;
  value?: string;
  required?: boolean;
  id?: string;
};

/** A checkbox (role checkbox, Space toggles; 'indeterminate' shows mixed). The hit area is 44 px. */
export function Checkbox({ checked, defaultChecked, onCheckedChange, label, disabled, name, value, required, id, ...aria }: CheckboxProps) {
  const generated = useId();
  const controlId = id ?? `ds-checkbox-${generated}`;
  const box = (
    <CheckboxPrimitive.Root
      id={controlId}
      className="ds-checkbox"
      checked={checked}
      defaultChecked={defaultChecked}
      onCheckedChange={(state) => onCheckedChange?.(state === true)}
      disabled={disabled}
      name={name}
      value={value}
      required={required}
      aria-label={aria['aria-label']}
    >
      <CheckboxPrimitive.Indicator>{checked === 'indeterminate' ? <MinusIcon width="14" height="14" /> : <CheckIcon width="14" height="14" />}</CheckboxPrimitive.Indicator>
    </CheckboxPrimitive.Root>
  );
  if (!label) return box;
  return (
    <div className="ds-check">
      {box}
      <label htmlFor={controlId}>{label}</label>
    </div>
  );
}

export type SwitchProps = {
  checked?: boolean;
  defaultChecked?: boolean;
  onCheckedChange?: (checked: boolean) => void;
  label: ReactNode;
  description?: ReactNode;
  disabled?: boolean;
  name?: string;
  id?: string;
};

/** An on/off switch (role switch) with its label; takes effect at once, unlike a checkbox in a form. */
export function Switch({ checked, defaultChecked, onCheckedChange, label, description, disabled, name, id }: SwitchProps) {
  const generated = useId();
  const controlId = id ?? `ds-switch-${generated}`;
  const descriptionId = description ? `${controlId}-description` : undefined;
  return (
    <div className="ds-check">
      <SwitchPrimitive.Root
        id={controlId}
        className="ds-switch"
        checked={checked}
        defaultChecked={defaultChecked}
        onCheckedChange={onCheckedChange}
        disabled={disabled}
        name={name}
        aria-describedby={descriptionId}
      >
        <SwitchPrimitive.Thumb className="ds-switch__thumb" />
      </SwitchPrimitive.Root>
      <span className="ds-field">
        <label htmlFor={controlId}>{label}</label>
        {description ? (
          <span className="ds-field__description" id={descriptionId}>
            {description}
          </span>
        ) : null}
      </span>
    </div>
  );
}
