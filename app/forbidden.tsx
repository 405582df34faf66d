// Rendered with HTTP 403 wherever forbidden() is called (server/auth/require-admin.ts).
export default function Forbidden() {
  return (
    <section className="auth-page">
      <h1>Not allowed</h1>
      <p>This page is for administrators only.</p>
      <p>
        <a href="/">Go to the home page</a> or <a href="/login">sign in with another account</a>.
      </p>
    </section>
  );
}
