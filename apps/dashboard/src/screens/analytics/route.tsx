import { Card, CardContent, CardDescription, CardHeader, CardTitle, cn } from '@kaja/ui';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { StaffOnly } from '../../shell/staff-only';
import { useSignedInSession } from '../../shell/use-session-context';
import { StatusLine } from '../zone-tools/status-line';
import { type Funnel, type FunnelPeriod, periodsShown, stepNames, useConversion, useFunnel, useSitePages } from './analytics-data';
import { PeriodBarsChart, RankingChart } from './charts';

const numbers = new Intl.NumberFormat();
const percent = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 });
const dayLabel = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });
const labelOf = (day: string) => dayLabel.format(new Date(`${day}T00:00:00Z`));
const shareOf = (value: number | null) => (value === null ? '–' : percent.format(value));

/** /analytics: the business funnel, the sign-up buttons' conversion and the site's page views (platform staff). */
export default function AnalyticsScreen() {
  const session = useSignedInSession();
  if (!session.user.is_staff) return <StaffOnly title="Analytics" what="the analytics" />;
  return (
    <div className="grid grid-cols-1 gap-6 [&>*]:min-w-0">
      <div>
        <h1 className="text-2xl font-semibold tracking-tight">Analytics</h1>
        <p className="text-muted-foreground">
          Counted without cookies or identifiers, never from browsers that ask not to be tracked; the site’s daily counts are kept 25 months.
        </p>
      </div>
      <FunnelSection />
      <ConversionSection />
      <PagesSection />
    </div>
  );
}

/** A plain table of numbers, its first column naming the row; scrolls within itself when wide. */
function NumbersTable({ label, head, rows }: { label: string; head: string[]; rows: ReactNode[][] }) {
  return (
    <div className="overflow-x-auto">
      <table aria-label={label} className="w-full text-sm">
        <thead>
          <tr className="border-b border-border text-left">
            {head.map((cell, index) => (
              <th key={cell} scope="col" className={cn('px-2 py-1.5 font-medium', index > 0 && 'text-right')}>
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, rowIndex) => (
            <tr key={rowIndex} className="border-b border-border last:border-0">
              {row.map((cell, index) =>
                index === 0 ? (
                  <th key={index} scope="row" className="px-2 py-1.5 text-left font-normal [overflow-wrap:anywhere]">
                    {cell}
                  </th>
                ) : (
                  <td key={index} className="px-2 py-1.5 text-right tabular-nums">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Section({ title, description, children, action }: { title: string; description: ReactNode; children: ReactNode; action?: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="grid gap-1.5">
            <CardTitle asChild>
              <h2 className="text-base">{title}</h2>
            </CardTitle>
            <CardDescription>{description}</CardDescription>
          </div>
          {action}
        </div>
      </CardHeader>
      <CardContent className="grid gap-4 [&>*]:min-w-0">{children}</CardContent>
    </Card>
  );
}

function PeriodChoice({ value, onChange }: { value: FunnelPeriod; onChange: (period: FunnelPeriod) => void }) {
  return (
    <div role="group" aria-label="Funnel per" className="inline-flex w-fit rounded-md border border-border p-0.5">
      {(['day', 'week'] as const).map((period) => (
        <button
          key={period}
          type="button"
          aria-pressed={value === period}
          onClick={() => onChange(period)}
          className={cn(
            'h-8 rounded px-3 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            value === period ? 'bg-primary text-primary-foreground' : 'hover:bg-muted',
          )}
        >
          {period === 'day' ? 'Per day' : 'Per week'}
        </button>
      ))}
    </div>
  );
}

function FunnelSection() {
  const [period, setPeriod] = useState<FunnelPeriod>('day');
  const funnel = useFunnel(period);
  const span = period === 'day' ? `${periodsShown.day} days` : `${periodsShown.week} weeks`;
  return (
    <Section
      title="Sign-up funnel"
      description={`Customers reaching each step, each step counted once per customer, over the last ${span} (UTC; weeks begin on Monday).`}
      action={<PeriodChoice value={period} onChange={setPeriod} />}
    >
      {funnel.isPending && <StatusLine>Loading the funnel…</StatusLine>}
      {funnel.isError && <StatusLine error>Could not load the funnel: {funnel.error.message}</StatusLine>}
      {funnel.data && <FunnelFigures funnel={funnel.data} />}
    </Section>
  );
}

function FunnelFigures({ funnel }: { funnel: Funnel }) {
  const series = funnel.steps.map((step) => ({ key: step, name: stepNames[step] }));
  const points = funnel.periods.map((period) => ({ ...period, label: labelOf(period.start) }));
  return (
    <>
      <h3 className="text-sm font-medium">Of the customers who signed up in these {funnel.period === 'day' ? 'days' : 'weeks'}</h3>
      <div aria-hidden>
        <RankingChart entries={funnel.cohort.map((entry) => ({ name: stepNames[entry.step], value: entry.customers }))} />
      </div>
      <NumbersTable
        label="Funnel conversion"
        head={['Step', 'Customers', 'From the step before']}
        rows={funnel.cohort.map((entry) => [stepNames[entry.step], numbers.format(entry.customers), shareOf(entry.conversion)])}
      />
      <h3 className="text-sm font-medium">Steps reached {funnel.period === 'day' ? 'per day' : 'per week'}</h3>
      <div aria-hidden>
        <PeriodBarsChart points={points} series={series} />
      </div>
      <NumbersTable
        label={funnel.period === 'day' ? 'Funnel steps per day' : 'Funnel steps per week'}
        head={[funnel.period === 'day' ? 'Day' : 'Week of', ...series.map((item) => item.name)]}
        rows={[...funnel.periods].reverse().map((row) => [labelOf(row.start), ...funnel.steps.map((step) => numbers.format(row[step]))])}
      />
    </>
  );
}

function ConversionSection() {
  const conversion = useConversion();
  const data = conversion.data;
  return (
    <Section
      title="Sign-up buttons"
      description={
        data ? (
          <>
            <span className="text-2xl font-semibold text-foreground">{shareOf(data.conversion)}</span> sign-ups per click of Start Free Trial or Sign Up on the
            site in the last 30 days: {numbers.format(data.clicks)} clicks, {numbers.format(data.sign_ups)} sign-ups.
          </>
        ) : (
          'Clicks of Start Free Trial and Sign Up on the site against sign-ups, per day.'
        )
      }
    >
      {conversion.isPending && <StatusLine>Loading the clicks…</StatusLine>}
      {conversion.isError && <StatusLine error>Could not load the clicks: {conversion.error.message}</StatusLine>}
      {data && (
        <>
          <div aria-hidden>
            <PeriodBarsChart
              points={data.days.map((day) => ({ ...day, label: labelOf(day.day) }))}
              series={[
                { key: 'clicks', name: 'Clicks' },
                { key: 'sign_ups', name: 'Sign-ups' },
              ]}
            />
          </div>
          <NumbersTable
            label="Clicks per button"
            head={['Button', 'Clicks']}
            rows={data.buttons.map((row) => [
              row.button === 'trial' ? 'Start Free Trial' : row.button === 'signup' ? 'Sign Up' : row.button,
              numbers.format(row.clicks),
            ])}
          />
          <NumbersTable
            label="Clicks and sign-ups per day"
            head={['Day', 'Clicks', 'Sign-ups']}
            rows={[...data.days]
              .reverse()
              .filter((day) => day.clicks > 0 || day.sign_ups > 0)
              .map((day) => [labelOf(day.day), numbers.format(day.clicks), numbers.format(day.sign_ups)])}
          />
        </>
      )}
    </Section>
  );
}

function PagesSection() {
  const pages = useSitePages();
  const data = pages.data;
  const total = data?.days.reduce((sum, day) => sum + day.views, 0) ?? 0;
  return (
    <Section
      title="Site page views"
      description={
        data ? (
          <>
            <span className="text-2xl font-semibold text-foreground">{numbers.format(total)}</span> page views of the site in the last 30 days.
          </>
        ) : (
          'Page views of the site per day, per page and per referring site.'
        )
      }
    >
      {pages.isPending && <StatusLine>Loading the page views…</StatusLine>}
      {pages.isError && <StatusLine error>Could not load the page views: {pages.error.message}</StatusLine>}
      {data && (
        <>
          <div aria-hidden>
            <PeriodBarsChart points={data.days.map((day) => ({ ...day, label: labelOf(day.day) }))} series={[{ key: 'views', name: 'Page views' }]} />
          </div>
          <div className="grid gap-6 md:grid-cols-2 [&>*]:min-w-0">
            <div className="grid content-start gap-2">
              <h3 className="text-sm font-medium">Pages</h3>
              {data.pages.length === 0 ? (
                <p className="text-sm text-muted-foreground">No page views yet.</p>
              ) : (
                <NumbersTable label="Page views per page" head={['Page', 'Views']} rows={data.pages.map((row) => [row.path, numbers.format(row.views)])} />
              )}
            </div>
            <div className="grid content-start gap-2">
              <h3 className="text-sm font-medium">Referring sites</h3>
              {data.referrers.length === 0 ? (
                <p className="text-sm text-muted-foreground">No visitors from other sites yet.</p>
              ) : (
                <NumbersTable
                  label="Page views per referring site"
                  head={['Site', 'Views']}
                  rows={data.referrers.map((row) => [row.host, numbers.format(row.views)])}
                />
              )}
            </div>
          </div>
        </>
      )}
    </Section>
  );
}
