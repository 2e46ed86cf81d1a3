// Shown instead of the app when a production setting is missing from the build, so a broken
// deployment explains itself instead of rendering a blank page.
export function ConfigErrorScreen({ missing }: { missing: string[] }) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-medium">This site is not configured</h1>
      <p className="max-w-lg text-secondary">
        The build is missing settings it needs to reach its services. Set these build-time variables and rebuild:
      </p>
      <ul className="font-mono text-sm">
        {missing.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ul>
    </main>
  );
}
