import { useId } from "react";
import { Check, Circle } from "lucide-react";
import { PASSWORD_RULES } from "@/lib/domain/password";
import { cn } from "@/components/ui/cn";
import { FormField, Input } from "@/components/ui/form-field";

/** A new-password field with the rules ticked live under it (sign-up, reset, change). */
export function NewPasswordField({
  id,
  label,
  errors,
  value,
  onChange,
  autoFocus,
}: {
  /** The control's id (generated when omitted), e.g. for an error summary's link. */
  id?: string;
  label: string;
  errors?: string[];
  value: string;
  onChange: (value: string) => void;
  autoFocus?: boolean;
}) {
  const rulesId = useId();
  return (
    <>
      <FormField label={label} id={id} errors={errors} required>
        <Input
          name="password"
          type="password"
          autoComplete="new-password"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-describedby={rulesId}
          autoFocus={autoFocus}
        />
      </FormField>
      <PasswordRules id={rulesId} password={value} />
    </>
  );
}

/**
 * The strength rules of spec §5 under a new-password field, each ticked as it is met. The
 * list is the field's description (aria-describedby) and is not live: a screen reader hears
 * it on focus instead of after every key.
 */
export function PasswordRules({ id, password }: { id: string; password: string }) {
  return (
    <ul id={id} className="grid gap-1 text-sm sm:grid-cols-2">
      {PASSWORD_RULES.map((rule) => {
        const met = rule.test(password);
        return (
          <li
            key={rule.key}
            className={cn("flex items-center gap-1.5", met ? "text-success-700" : "text-gray-600")}
          >
            {met ? (
              <Check aria-hidden className="size-4 shrink-0" />
            ) : (
              <Circle aria-hidden className="size-3.5 shrink-0" />
            )}
            <span>
              {rule.label}
              <span className="sr-only">{met ? " (met)" : " (not yet)"}</span>
            </span>
          </li>
        );
      })}
    </ul>
  );
}
