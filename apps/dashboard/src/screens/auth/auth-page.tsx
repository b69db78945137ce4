import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@kaja/ui';
import type { ReactNode } from 'react';

/** The signed-out screens: one card in the middle of the page. */
export function AuthPage({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <main id="main" className="flex min-h-screen items-start justify-center bg-muted/40 px-4 py-10 sm:items-center">
      <div className="w-full max-w-md">
        <p className="mb-6 text-center text-xl font-semibold">Kaja DNS</p>
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h1>{title}</h1>
            </CardTitle>
            {description && <CardDescription>{description}</CardDescription>}
          </CardHeader>
          <CardContent>{children}</CardContent>
        </Card>
      </div>
    </main>
  );
}
