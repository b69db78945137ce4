import { Badge, Button, Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle, cn } from '@kaja/ui';
import { Check } from 'lucide-react';
import { api } from '../api';
import { useRead } from '../remote-data';
import { type ApiPlan, type PlanCard, toPlanCard } from '../plans';
import { TrialButton } from './trial-button';

const loadPlans = async () => (await api<ApiPlan[]>('/plans')).map(toPlanCard);

/** Plan cards: pre-rendered from the catalog, refreshed from GET /v1/plans in the browser. */
export function Pricing({ prerendered }: { prerendered: PlanCard[] }) {
  const cards = useRead(loadPlans, { initial: prerendered }).data ?? prerendered;
  return (
    <div className="mt-12 grid gap-6 md:grid-cols-3">
      {cards.map((plan) => (
        <Card key={plan.id} data-testid={`plan-${plan.id}`} className={cn('flex flex-col', plan.popular && 'border-2 border-primary shadow-lg')}>
          <CardHeader>
            <div className="flex items-center justify-between gap-2">
              <CardTitle>{plan.name}</CardTitle>
              {plan.popular && <Badge>Most popular</Badge>}
            </div>
            <CardDescription>{plan.description}</CardDescription>
            <p className="mt-4">
              <span className="text-4xl font-bold">{plan.price}</span> <span className="text-sm text-muted-foreground">{plan.period}</span>
            </p>
          </CardHeader>
          <CardContent className="flex-1">
            <ul className="space-y-2 text-sm">
              {plan.features.map((feature) => (
                <li key={feature} className="flex items-start gap-2">
                  <Check className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden />
                  {feature}
                </li>
              ))}
            </ul>
          </CardContent>
          <CardFooter>
            {plan.cta.to === '/support' ? (
              <Button asChild variant="outline" className="w-full">
                <a href={plan.cta.to}>{plan.cta.label}</a>
              </Button>
            ) : (
              <TrialButton className="w-full" variant={plan.popular ? 'default' : 'outline'} />
            )}
          </CardFooter>
        </Card>
      ))}
    </div>
  );
}
