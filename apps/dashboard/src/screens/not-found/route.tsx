import { Button } from '@kaja/ui';
import { Link } from 'react-router';

export default function NotFoundScreen() {
  return (
    <main id="main" className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-semibold">Page not found</h1>
      <p className="text-muted-foreground">There is no page at this address.</p>
      <Button asChild>
        <Link to="/dashboard">Go to the dashboard</Link>
      </Button>
    </main>
  );
}
