/** What someone who is not platform staff sees on a console screen (the API refuses them the data too). */
export function StaffOnly({ title, what }: { title: string; what: string }) {
  return (
    <div className="grid gap-2">
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      <p className="text-muted-foreground">Only platform staff can see {what}.</p>
    </div>
  );
}
