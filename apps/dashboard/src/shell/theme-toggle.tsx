import { Button, cn } from '@kaja/ui';
import { Monitor, Moon, Sun } from 'lucide-react';
import { chooseTheme, type ThemeChoice, themeChoices, useThemeChoice } from './theme';

const choices: Record<ThemeChoice, { label: string; icon: typeof Sun }> = {
  system: { label: 'System theme', icon: Monitor },
  light: { label: 'Light theme', icon: Sun },
  dark: { label: 'Dark theme', icon: Moon },
};

/** System, light or dark: three toggle buttons, the chosen one pressed. */
export function ThemeToggle({ className }: { className?: string }) {
  const current = useThemeChoice();
  return (
    <div role="group" aria-label="Colour theme" className={cn('flex items-center rounded-md border border-border p-0.5', className)}>
      {themeChoices.map((choice) => {
        const { label, icon: Icon } = choices[choice];
        return (
          <Button
            key={choice}
            type="button"
            variant="ghost"
            size="icon"
            aria-label={label}
            aria-pressed={current === choice}
            title={label}
            className="size-8 aria-pressed:bg-muted aria-pressed:text-foreground"
            onClick={() => chooseTheme(choice)}
          >
            <Icon aria-hidden />
          </Button>
        );
      })}
    </div>
  );
}
