/** What someone who is not platform staff sees at /errors (the API refuses them the data too). */
export function StaffOnly() {
  return (
    <div className="grid gap-2">
      <h1 className="text-2xl font-semibold tracking-tight">Errors</h1>
      <p className="text-muted-foreground">Only platform staff can see the errors.</p>
    </div>
  );
}
