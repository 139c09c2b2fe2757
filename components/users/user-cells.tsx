import { NavLink } from "@/components/ui/nav-link";
import { Avatar } from "@/components/ui/avatar";

/** Cells the people lists share (/users, /freelancers): one look for a person in a row. */
export const dash = <span className="text-gray-600">—</span>;

export const listOf = (names: string[]) => (names.length ? names.join(", ") : dash);

/** The person's avatar and name, linking to the profile. */
export function PersonCell({
  id,
  name,
  avatar,
}: {
  id: number;
  name: string;
  avatar: string | null;
}) {
  return (
    <span className="flex min-w-0 items-center gap-3">
      <Avatar name={name} src={avatar} alt="" size="sm" />
      <NavLink
        href={`/users/${id}/personal`}
        className="font-medium break-words text-accent-700 hover:underline"
      >
        {name}
      </NavLink>
    </span>
  );
}
