import type { ReactNode } from "react";
import {
  Banknote,
  Building2,
  CalendarDays,
  ChartColumn,
  Earth,
  FolderTree,
  KeyRound,
  Languages,
  LifeBuoy,
  ListOrdered,
  Settings,
  Coins,
  FileText,
  ShieldUser,
  Wrench,
  Network,
  BriefcaseBusiness,
  FileBadge,
  History,
  PhoneCall,
  Search,
  UserPlus,
  ClipboardCheck,
  Files,
  Gift,
  Handshake,
  Home,
  LayoutDashboard,
  LogOut,
  Mail,
  MapPinned,
  Menu,
  MessagesSquare,
  Shirt,
  Users,
} from "lucide-react";
import type { NavIcon } from "@/lib/auth/navigation";

/**
 * The shell's icons, drawn on the server and handed to the client shell as elements, so
 * their path data never joins a page's first-load JavaScript (the worker's budget, README).
 */
const NAV: Record<NavIcon, typeof Home> = {
  dashboard: LayoutDashboard,
  home: Home,
  mail: Mail,
  jobs: BriefcaseBusiness,
  calendar: CalendarDays,
  templates: Files,
  venues: MapPinned,
  clients: Handshake,
  dresscodes: Shirt,
  approvals: ClipboardCheck,
  users: Users,
  applicants: UserPlus,
  freelancers: Search,
  onCall: PhoneCall,
  activity: History,
  documentTypes: FileBadge,
  levels: ListOrdered,
  branches: Building2,
  skills: Network,
  equipment: Wrench,
  countries: Earth,
  languages: Languages,
  roles: ShieldUser,
  permissions: KeyRound,
  help: LifeBuoy,
  helpCategories: FolderTree,
  agencySettings: Settings,
  workerRates: Coins,
  salary: Banknote,
  quotes: FileText,
  insights: ChartColumn,
  chat: MessagesSquare,
};

export interface ShellIcons {
  nav: Partial<Record<NavIcon, ReactNode>>;
  invite: ReactNode;
  signOut: ReactNode;
  menu: ReactNode;
}

export function shellIcons(used: NavIcon[]): ShellIcons {
  return {
    nav: Object.fromEntries(
      used.map((name) => {
        const Icon = NAV[name];
        return [name, <Icon key={name} className="size-4 shrink-0" aria-hidden />];
      }),
    ),
    invite: <Gift className="size-4 shrink-0" aria-hidden />,
    signOut: <LogOut className="size-4" aria-hidden />,
    menu: <Menu aria-hidden />,
  };
}
