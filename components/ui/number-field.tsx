/**
 * A labelled whole-number input of a form, with its bounds and starting value (the bounds are the rules', passed in
 * by the form that knows them).
 *
 * @example
 *   <NumberField name="delay" label={t("delay")} min={0} max={120} defaultValue={10} />
 */
export interface NumberFieldProps {
  readonly name: string;
  readonly label: string;
  readonly min: number;
  readonly max: number;
  readonly defaultValue: number;
}

export function NumberField({ name, label, min, max, defaultValue }: NumberFieldProps) {
  return (
    <label>
      {label}
      <input name={name} type="number" min={min} max={max} defaultValue={defaultValue} required />
    </label>
  );
}
