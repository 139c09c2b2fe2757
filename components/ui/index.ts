// Named re-exports only: several of these modules are "use client", and explicit names keep
// the client boundary clear for the bundler. Import from "@/components/ui".
export { cn } from "./cn";
export { Alert, type AlertProps, type AlertTone } from "./alert";
export { Avatar, initials, type AvatarProps } from "./avatar";
export { Badge, type BadgeProps, type BadgeTone } from "./badge";
export {
  Button,
  buttonClass,
  type ButtonClassOptions,
  type ButtonProps,
  type ButtonSize,
  type ButtonVariant,
} from "./button";
export {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
  type CardTitleProps,
} from "./card";
export { DataTable, type DataTableProps, type SortOrder, type TableSort } from "./data-table";
export {
  Dialog,
  DialogClose,
  DialogContent,
  DialogFooter,
  DialogTrigger,
  type DialogContentProps,
} from "./dialog";
export { DateInput, DATE_ENTRY_ERROR, type DateInputProps } from "./date-input";
export { EmptyState, type EmptyStateProps } from "./empty-state";
export { ErrorSummary, focusFirstError, type ErrorSummaryItem } from "./error-summary";
export {
  Checkbox,
  FieldErrors,
  FormField,
  Input,
  LengthCounter,
  Select,
  Textarea,
  type CheckboxProps,
  type FieldControlProps,
  type FormFieldProps,
  type InputProps,
  type SelectProps,
  type TextareaProps,
} from "./form-field";
export { PageHeader, type PageHeaderProps } from "./page-header";
export {
  Pagination,
  PaginationControls,
  pageItems,
  type PaginationControlsProps,
  type PaginationMeta,
  type PaginationProps,
} from "./pagination";
export { PageSkeleton, Skeleton, type PageSkeletonProps } from "./skeleton";
export { Spinner, type SpinnerProps } from "./spinner";
export {
  LinkTabs,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  type LinkTab,
  type LinkTabsProps,
} from "./tabs";
export {
  notify,
  Toaster,
  TOAST_ERROR_MS,
  TOAST_SUCCESS_MS,
  TOAST_UNDO_MS,
  type NotifyOptions,
} from "./toaster";
export { NumberInput, type NumberInputProps } from "./number-input";
export { TimeInput, TIME_ENTRY_ERROR, type TimeInputProps } from "./time-input";
export { useQueryNavigation, type QueryUpdates } from "./use-query-navigation";
export {
  FilterBar,
  SEARCH_DEBOUNCE_MS,
  dateFromInput,
  dateToInput,
  type FilterField,
} from "./filter-bar";
