/**
 * A form's error, in words, where the form is: role="alert", so a screen reader says it when it appears. Nothing when
 * there is no error.
 *
 * @example
 *   <FormError error={error} />        // <p class="form-error" role="alert">…</p>
 *   <FormError error={error} inline /> // the same as a <span>, beside a button
 */
export function FormError({ error, inline = false }: { readonly error: string | null; readonly inline?: boolean }) {
  if (!error) return null;
  const Tag = inline ? "span" : "p";
  return (
    <Tag className="form-error" role="alert">
      {error}
    </Tag>
  );
}
