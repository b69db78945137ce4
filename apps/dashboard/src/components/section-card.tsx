import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@kaja/ui';

/** One titled section of a settings screen (account, security): a card with an h2 and a line of description. */
export function SectionCard({ title, description, children }: { title: string; description: string; children: React.ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle asChild>
          <h2>{title}</h2>
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
