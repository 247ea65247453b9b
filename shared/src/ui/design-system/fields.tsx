import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';

type FieldChrome = {
  label: ReactNode;
  /** Hide the label visually (it stays the accessible name). */
  hideLabel?: boolean;
  description?: ReactNode;
  /** An error message: marks the control invalid and is announced with it. */
  error?: ReactNode;
};

function useFieldIds(id?: string) {
  const generated = useId();
  const controlId = id ?? `ds-field-${generated}`;
  return { controlId, descriptionId: `${controlId}-description`, errorId: `${controlId}-error` };
}

function describedBy(ids: ReturnType<typeof useFieldIds>, description: unknown, error: unknown, extra?: string) {
  return [extra, description ? ids.descriptionId : '', error ? ids.errorId : ''].filter(Boolean).join(' ') || undefined;
}

function FieldFrame({ ids, label, hideLabel, description, error, children }: FieldChrome & { ids: ReturnType<typeof useFieldIds>; children: ReactNode }) {
  return (
    <div className="ds-field">
      <label className={hideLabel ? 'ds-visually-hidden' : 'ds-field__label'} htmlFor={ids.controlId}>
        {label}
      </label>
      {description ? (
        <p className="ds-field__description" id={ids.descriptionId}>
          {description}
        </p>
      ) : null}
      {children}
      {error ? (
        <p className="ds-field__error" id={ids.errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> & FieldChrome & { ref?: Ref<HTMLInputElement> };

/** A labelled text input (any text-like `type`), with optional description and error. */
export function TextField({ label, hideLabel, description, error, id, className, ...rest }: TextFieldProps) {
  const ids = useFieldIds(id);
  return (
    <FieldFrame ids={ids} label={label} hideLabel={hideLabel} description={description} error={error}>
      <input
        {...rest}
        id={ids.controlId}
        className={['ds-input', className].filter(Boolean).join(' ')}
        aria-invalid={error ? true : rest['aria-invalid']}
        aria-describedby={describedBy(ids, description, error, rest['aria-describedby'])}
      />
    </FieldFrame>
  );
}

export type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & FieldChrome & { ref?: Ref<HTMLTextAreaElement> };

/** A labelled multi-line text input. */
export function TextArea({ label, hideLabel, description, error, id, className, ...rest }: TextAreaProps) {
  const ids = useFieldIds(id);
  return (
    <FieldFrame ids={ids} label={label} hideLabel={hideLabel} description={description} error={error}>
      <textarea
        {...rest}
        id={ids.controlId}
        className={['ds-textarea', className].filter(Boolean).join(' ')}
        aria-invalid={error ? true : rest['aria-invalid']}
        aria-describedby={describedBy(ids, description, error, rest['aria-describedby'])}
      />
    </FieldFrame>
  );
}
